/**
 * A sentence written once with `{name}` parameters, as its catalogue message writes it in English: the code
 * fills it for the English answer, and src/http/answer-language.ts finds the same words in the catalogue to
 * answer it in the caller's language with the same values.
 */
export const fillSentence = (template: string, values: Record<string, string | number | undefined>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
