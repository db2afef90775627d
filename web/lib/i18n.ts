/**
 * The site's messages (docs/languages.md): one Lingui instance per language, made from that language's
 * catalogue (src/shared/locales). English comes with the app; another language's catalogue is its own
 * chunk, fetched the first time a page in that language is shown.
 */
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import english from "@shared/locales/en.json";
import * as englishModule from "@shared/locales/en.json";
import { DEFAULT_LANGUAGE, languageInfo, type SiteLanguage } from "@shared/languages";

export type MessageId = keyof typeof english;
/** A catalogue as Lingui runs it: each message compiled from its ICU text. */
export type CompiledCatalogue = Messages;

/** In the browser the bundler has compiled the catalogues already; the server sets its compiler (ssr.tsx). */
let prepare: (catalogue: Record<string, string>) => CompiledCatalogue = (catalogue) => catalogue;

export function setCatalogueCompiler(compile: typeof prepare): void {
  prepare = compile;
}

const ready = new Map<SiteLanguage, I18n>();
const pending = new Map<SiteLanguage, Promise<I18n>>();

function make(language: SiteLanguage, catalogue: Record<string, string>): I18n {
  const i18n = setupI18n({ locale: languageInfo(language).tag, messages: { [language]: prepare(catalogue) } });
  ready.set(language, i18n);
  return i18n;
}

/** The language's messages when they are here already (English always is), else null. */
export function loadedCatalogue(language: SiteLanguage): I18n | null {
  if (language === DEFAULT_LANGUAGE && !ready.has(language)) make(language, english);
  return ready.get(language) ?? null;
}

/**
 * In the browser the bundler keeps only the first chunk's English messages with the app and names the
 * rest as a chunk of its own (src/features/site/catalogues.ts); on the server the catalogue is whole.
 */
const englishRest = (englishModule as unknown as { rest?: () => Promise<{ default: CompiledCatalogue }> }).rest;
let englishRestLoading: Promise<void> | null = null;

/** The rest of the English messages: fetched once, with the code of any screen past the home page. */
export function loadEnglishRest(): Promise<void> {
  englishRestLoading ??= englishRest
    ? englishRest().then((module) => loadedCatalogue(DEFAULT_LANGUAGE)!.load(DEFAULT_LANGUAGE, module.default))
    : Promise.resolve();
  englishRestLoading.catch(() => {
    englishRestLoading = null;
  });
  return englishRestLoading;
}

/** The language's messages, fetching its catalogue once. The same promise until it settles. */
export function loadCatalogue(language: SiteLanguage): Promise<I18n> {
  const loaded = loadedCatalogue(language);
  if (loaded) return Promise.resolve(loaded);
  let loading = pending.get(language);
  if (!loading) {
    const { catalogue } = languageInfo(language);
    if (!catalogue) throw new Error(`${language} has no catalogue to load`);
    loading = catalogue().then((module) => make(language, module.default as Record<string, string>));
    pending.set(language, loading);
    loading.catch(() => pending.delete(language));
  }
  return loading;
}

type Settled<T> = Promise<T> & { status?: "fulfilled" | "rejected"; value?: T; reason?: unknown };
const readable = new Map<SiteLanguage, Settled<I18n>>();

/**
 * The language's messages for React's `use`: one promise per language, which records how it settled the way
 * React's own promises do, so `use` reads it at once when it has. A screen calls `use` with it on every render:
 * called only while the catalogue was missing, the component's hooks differed between the render that waited and
 * the one that went on, and React gave up hydrating it (and rendered it again in the browser).
 */
export function catalogueToUse(language: SiteLanguage): Promise<I18n> {
  const known = readable.get(language);
  if (known) return known;
  const loaded = loadedCatalogue(language);
  const promise: Settled<I18n> = loaded ? Promise.resolve(loaded) : loadCatalogue(language);
  if (loaded) Object.assign(promise, { status: "fulfilled", value: loaded });
  else
    promise.then(
      (value) => Object.assign(promise, { status: "fulfilled", value }),
      (reason) => {
        Object.assign(promise, { status: "rejected", reason });
        readable.delete(language); // a later render fetches it again
      },
    );
  readable.set(language, promise);
  return promise;
}
