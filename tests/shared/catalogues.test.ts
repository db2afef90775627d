/**
 * Every language's catalogue says everything the English one says, with the same parameters, plural
 * arguments and marked parts, and nothing more: a missing or broken translation fails here, not on a page.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LANGUAGES } from "../../src/shared/languages";

const LOCALES = join(import.meta.dir, "../../src/shared/locales");
const read = (tag: string) => JSON.parse(readFileSync(join(LOCALES, `${tag}.json`), "utf8")) as Record<string, string>;
const english = read("en");

/** What a message needs from its caller and gives its wrappers: "{name}", "{count, plural}", "<0>". */
function shape(message: string): string[] {
  const found = new Set<string>();
  const text = (token: string) => {
    for (const [tag] of token.matchAll(/<\/?\d+>/g)) found.add(tag);
  };
  // A compiled message is a list of tokens: text, or [name] / [name, type, cases] for a parameter.
  const tokens = (list: unknown): void => {
    if (typeof list === "string") text(list);
    if (!Array.isArray(list)) return;
    for (const token of list) {
      if (typeof token === "string") text(token);
      else if (Array.isArray(token)) {
        const [name, type, cases] = token as [string, string?, unknown?];
        found.add(type ? `{${name}, ${type}}` : `{${name}}`);
        if (cases && typeof cases === "object") for (const value of Object.values(cases)) tokens(value);
      }
    }
  };
  tokens(compileMessage(message));
  return [...found].sort();
}

describe("the catalogues", () => {
  test("there is one catalogue file per language of the list, and no other", () => {
    const files = readdirSync(LOCALES).filter((name) => name.endsWith(".json"));
    expect(files.map((name) => name.replace(/\.json$/, "")).sort()).toEqual(LANGUAGES.map(({ tag }) => tag).sort());
  });

  test("the shape reader sees parameters, plurals and marked parts, so a pass means something", () => {
    expect(shape("Hello {name}")).toEqual(["{name}"]);
    expect(shape("{count, plural, one {<0>#</0> user} other {<0>#</0> users}}")).toEqual([
      "</0>",
      "<0>",
      "{count, plural}",
    ]);
    expect(shape("Nothing to fill in, l'apostrophe")).toEqual([]);
  });

  test("every English message compiles", () => {
    for (const [id, message] of Object.entries(english)) expect({ id, shape: shape(message) }).toBeDefined();
  });

  for (const { tag } of LANGUAGES.filter(({ tag }) => tag !== "en")) {
    describe(tag, () => {
      const catalogue = read(tag);

      test("has every English message and no other", () => {
        expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      });

      test("each message compiles and takes the same parameters, plurals and marked parts as in English", () => {
        const differences = Object.keys(english)
          .filter((id) => id in catalogue)
          .filter((id) => JSON.stringify(shape(catalogue[id]!)) !== JSON.stringify(shape(english[id]!)))
          .map((id) => `${id}: ${shape(catalogue[id]!).join(" ")} instead of ${shape(english[id]!).join(" ")}`);
        expect(differences).toEqual([]);
      });

      test("no message is left empty or in English where English has words to translate", () => {
        const untranslated = Object.keys(english).filter(
          (id) => !catalogue[id]?.trim() || (catalogue[id] === english[id] && /[a-z]{4,} [a-z]{3,}/.test(english[id]!)),
        );
        expect(untranslated).toEqual([]);
      });
    });
  }
});
