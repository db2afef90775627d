/**
 * The API's sentences in the caller's language. An error answer keeps its `error` code and its English
 * `message` as thrown; when the request asks for another of the site's languages (`Accept-Language`: the SPA
 * sends its page's language, a plugin its user's), the message is the catalogue's `api.…` message whose
 * English text is the thrown sentence, formatted in that language with the answer's own values. A sentence
 * no catalogue message matches stays English. The `api.` messages are the server's: the SPA's bundles leave
 * them out (src/features/site/catalogues.ts). How to add one: docs/languages.md, "The API's sentences".
 * The catalogues load here as web/lib/i18n.ts loads them for pages; the server's code may not import the SPA's.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import english from "@shared/locales/en.json";
import {
  DEFAULT_LANGUAGE,
  languageInfo,
  preferredLanguage,
  SERVER_MESSAGE_PREFIX,
  type SiteLanguage,
} from "@shared/languages";
import { PRODUCT_NAME } from "@shared/product";
import type { SaySentence } from "@shared/sentence";

/** The language an answer speaks: the first of ours the request's Accept-Language prefers; else English. */
export const answerLanguage = (request: Request): SiteLanguage =>
  preferredLanguage(request.headers.get("accept-language")) ?? DEFAULT_LANGUAGE;

type Values = Record<string, unknown>;

/** The server's messages of one catalogue, compiled once. */
function serverMessages(catalogue: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(catalogue)
      .filter(([id]) => id.startsWith(SERVER_MESSAGE_PREFIX))
      .map(([id, text]) => [id, compileMessage(text)]),
  );
}

const loaded = new Map<SiteLanguage, I18n>();
const loading = new Map<SiteLanguage, Promise<I18n>>();

function instance(language: SiteLanguage): Promise<I18n> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    const { catalogue } = languageInfo(language);
    pending = (
      catalogue ? catalogue().then((module) => module.default as Record<string, string>) : Promise.resolve(english)
    ).then((messages) => {
      const i18n = setupI18n({ locale: language, messages: { [language]: serverMessages(messages) } });
      loaded.set(language, i18n);
      return i18n;
    });
    loading.set(language, pending);
    pending.catch(() => loading.delete(language));
  }
  return pending;
}

/** The catalogue's server messages for an error code: `api.CODE` and `api.CODE.anything`. */
const idsByCode = new Map<string, string[]>();
for (const id of Object.keys(english)) {
  if (!id.startsWith(SERVER_MESSAGE_PREFIX)) continue;
  const code = id.slice(SERVER_MESSAGE_PREFIX.length).split(".")[0];
  idsByCode.set(code, [...(idsByCode.get(code) ?? []), id]);
}

const say = (i18n: I18n, id: string, values: Values) => i18n._(id, { product: PRODUCT_NAME, ...values });

/**
 * `message`, the English sentence thrown with `code`, in `language`: the catalogue message whose English
 * formats to exactly that sentence with `values` (the answer's extra fields), formatted in `language`.
 */
export async function translatedMessage(
  language: SiteLanguage,
  code: string,
  message: string,
  values: Values = {},
): Promise<string> {
  const ids = idsByCode.get(code);
  if (language === DEFAULT_LANGUAGE || !ids) return message;
  const [inEnglish, inTheirs] = await Promise.all([instance(DEFAULT_LANGUAGE), instance(language)]);
  const id = ids.find((candidate) => say(inEnglish, candidate, values) === message);
  return id ? say(inTheirs, id, values) : message;
}

/**
 * Sentences an answer carries that are not an error's `message` (why a purchase can't be refunded, why a payment
 * did not go through), in `language`: the catalogue's `api.<code>…` message, as for a refusal.
 */
export const sentencesIn =
  (language: SiteLanguage): SaySentence =>
  (code, sentence, values = {}) =>
    translatedMessage(language, code, sentence, values);

/** The same in the request's language. */
export const sentencesFor = (request: Request): SaySentence => sentencesIn(answerLanguage(request));
