/**
 * A sentence written once with `{name}` parameters, as its catalogue message writes it in English: the code
 * fills it for the English answer, and src/http/answer-language.ts finds the same words in the catalogue to
 * answer it in the caller's language with the same values.
 */
export const fillSentence = (template: string, values: Record<string, string | number | undefined>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * Says a sentence an answer carries (not an error's message) in the caller's language: the catalogue's
 * `api.<code>…` message whose English is `sentence`, formatted with `values`. The routes make one for their request
 * (src/http/answer-language.ts); English, the sentence as it is.
 */
export type SaySentence = (code: string, sentence: string, values?: Record<string, unknown>) => Promise<string>;

export const sayInEnglish: SaySentence = async (_code, sentence) => sentence;
