/**
 * The e-mail renderer stays light: templates take react-email's components one package each (the
 * `@react-email/components` barrel also loads Tailwind's compiler, a syntax highlighter and a markdown
 * parser, about 20 MB for a server run from source), and each e-mail is rendered once, its text part
 * converted from its HTML: the same text a second, plain-text render gives.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "@react-email/render";
import { EMAIL_TEMPLATES } from "../../src/features/email/templates/registry";
import { renderEmail } from "../../src/features/email/templates/render";

const EMAILS_DIR = join(import.meta.dir, "../../src/features/email/templates");
const APP_URL = "https://layerlift.example";

describe("the e-mail renderer", () => {
  test("no template imports the react-email barrel", () => {
    const files = readdirSync(EMAILS_DIR).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    const barrel = files.filter((f) =>
      /from\s+["']@react-email\/components["']/.test(readFileSync(join(EMAILS_DIR, f), "utf8")),
    );
    expect(barrel).toEqual([]);
  });

  test("one render gives the HTML and the same text a plain-text render gives, for every template", async () => {
    for (const [template, definition] of Object.entries(EMAIL_TEMPLATES)) {
      const element = await definition.element(definition.sample as never, APP_URL);
      const rendered = await renderEmail(template, definition.sample, APP_URL);
      expect({ template, html: rendered.html }).toEqual({ template, html: await render(element) });
      expect({ template, text: rendered.text }).toEqual({ template, text: await render(element, { plainText: true }) });
    }
  });
});
