/**
 * The documentation holds together: every relative link in README.md and docs/*.md reaches a file that
 * exists, and its anchor (`page.md#anchor` or `#anchor`) is one that a heading of that page makes, by
 * GitHub's rule; every repository path written in backticks exists; and every `docs/<page>.md#anchor` a
 * code comment cites (src/, web/, tests/, scripts/) resolves, so a renamed heading can't strand a comment.
 *
 * A backticked path that holds a placeholder or a glob (`*`, `<`, `…` or `{`) names no one file and is
 * skipped: write `src/shared/api/<feature>.ts`, not a path that looks real and isn't.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const DOCS = join(ROOT, "docs");
const CODE_FOLDERS = ["src", "web", "tests", "scripts"];
const THIS_FILE = resolve(import.meta.path);

/** README.md and every page of docs/, as absolute paths. */
function documentationPages(): string[] {
  const pages = existsSync(DOCS)
    ? readdirSync(DOCS)
        .filter((name) => name.endsWith(".md"))
        .map((name) => join(DOCS, name))
    : [];
  return [join(ROOT, "README.md"), ...pages.sort()];
}

/** The text outside fenced code blocks: what GitHub renders as prose, headings and links. */
function prose(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker?.startsWith(fence)) fence = null;
    else if (fence === null) kept.push(line);
  }
  return kept.join("\n");
}

/** GitHub's anchor for a heading: lower-case, punctuation dropped (hyphens and spaces kept), each space a hyphen. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image reads as its text
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor a page's headings make; a repeated one gets -1, -2… as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const counts = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(markdown).split("\n")) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = githubSlug(heading);
    let slug = base;
    while (counts.has(slug)) {
      const n = counts.get(base)! + 1;
      counts.set(base, n);
      slug = `${base}-${n}`;
    }
    counts.set(slug, 0);
    anchors.add(slug);
  }
  return anchors;
}

/** Inline code spans are text, not links: blank them out (keeping their length) before looking for links. */
const withoutCodeSpans = (text: string) => text.replace(/`[^`\n]*`/g, (span) => " ".repeat(span.length));

/** The targets of the page's inline links and images, outside code. */
function linkTargets(markdown: string): string[] {
  const text = withoutCodeSpans(prose(markdown));
  return [...text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

const REPOSITORY_PATH = /^(?:src|web|tests|scripts|drizzle|\.ci)\//;
const PLACEHOLDER = /[*<>…{}]/;

/** The repository paths written in backticks in the page's prose (commands and placeholders left out). */
function backtickedPaths(markdown: string): string[] {
  return [...prose(markdown).matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1]!.trim())
    .filter((span) => REPOSITORY_PATH.test(span) && !/\s/.test(span) && !PLACEHOLDER.test(span));
}

const read = (path: string) => readFileSync(path, "utf8");
const shown = (path: string) => relative(ROOT, path);

/** Why a link from `page` to `target` is broken, or null when it holds. */
function linkProblem(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not ours to check
  const hash = target.indexOf("#");
  const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const file =
    pathPart === "" ? page : pathPart.startsWith("/") ? join(ROOT, pathPart) : resolve(dirname(page), pathPart);
  if (!existsSync(file)) return `${target}: no file ${shown(file)}`;
  if (anchor !== null && file.endsWith(".md") && !anchorsOf(read(file)).has(anchor)) {
    return `${target}: no heading of ${shown(file)} makes #${anchor}`;
  }
  return null;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|tsx|js|mjs|css|html|md|sql)$/.test(entry.name) ? [path] : [];
  });
}

/** `docs/<page>.md` and `docs/<page>.md#anchor` as a code comment names them. */
function docsReferences(source: string): Array<{ page: string; anchor: string | null }> {
  return [...source.matchAll(/\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g)].map((match) => ({
    page: match[1]!,
    anchor: match[2] ?? null,
  }));
}

describe("the checks see what they should, so a pass means something", () => {
  test("headings make GitHub's anchors, repeats numbered", () => {
    expect(githubSlug("One quote")).toBe("one-quote");
    expect(githubSlug("E-mail")).toBe("e-mail");
    expect(githubSlug("The SPA")).toBe("the-spa");
    expect(githubSlug("What `npm test` runs")).toBe("what-npm-test-runs");
    expect(githubSlug("Refunds, idempotency & retries")).toBe("refunds-idempotency--retries");
    expect(githubSlug("Home (`/`)")).toBe("home-");
    expect(githubSlug("See [the guide](x.md)")).toBe("see-the-guide");
    const anchors = anchorsOf("# Tests\n\n## Tests\n\n```\n## Not a heading\n```\n\n### Tests ##\n");
    expect([...anchors]).toEqual(["tests", "tests-1", "tests-2"]);
  });

  test("links are found in prose, not in code", () => {
    const page =
      "See [a](a.md#x) and ![b](b.png).\n`[c](c.md)`\n```\n[d](d.md)\n```\n[e](https://example.com) [f](#g)\n";
    expect(linkTargets(page)).toEqual(["a.md#x", "b.png", "https://example.com", "#g"]);
  });

  test("backticked repository paths are found, commands and placeholders are not", () => {
    const page =
      "`src/app.ts`, `web/lib/`, `npm test`, `tests/api/payments*.test.ts`, `src/shared/api/<feature>.ts`, `.ci/run`, `bun scripts/test.ts`";
    expect(backtickedPaths(page)).toEqual(["src/app.ts", "web/lib/", ".ci/run"]);
  });

  test("a broken link, a wrong anchor and a missing path are each caught", () => {
    const readme = join(ROOT, "README.md");
    expect(linkProblem(readme, "docs/no-such-page.md")).toContain("no file");
    expect(linkProblem(readme, "#no-such-heading-anywhere")).toContain("no heading");
    expect(linkProblem(readme, "https://example.com/x")).toBeNull();
    expect(docsReferences("// see docs/architecture.md#errors and docs/operations.md")).toEqual([
      { page: "architecture.md", anchor: "errors" },
      { page: "operations.md", anchor: null },
    ]);
  });
});

describe("README.md and docs/", () => {
  const pages = documentationPages();

  test("every relative link reaches a file, and every anchor a heading of its page", () => {
    expect(pages.length).toBeGreaterThan(1);
    const problems = pages.flatMap((page) =>
      linkTargets(read(page))
        .map((target) => linkProblem(page, target))
        .filter((problem) => problem !== null)
        .map((problem) => `${shown(page)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  test("every repository path written in backticks exists", () => {
    const missing = pages.flatMap((page) =>
      backtickedPaths(read(page))
        .filter((path) => !existsSync(join(ROOT, path.replace(/\/+$/, ""))))
        .map((path) => `${shown(page)}: ${path}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  test("the README is a front page of at most 120 lines: the rest is in docs/", () => {
    expect(read(join(ROOT, "README.md")).trimEnd().split("\n").length).toBeLessThanOrEqual(120);
  });

  test("the README links every docs page", () => {
    const linked = new Set(
      linkTargets(read(join(ROOT, "README.md"))).map((target) => resolve(ROOT, target.split("#")[0]!)),
    );
    const unlinked = pages
      .slice(1)
      .filter((page) => !linked.has(page))
      .map(shown);
    expect(unlinked).toEqual([]);
  });

  test("each docs page says first whom it is for", () => {
    const unsaid = pages
      .slice(1)
      .filter((page) => {
        const lines = read(page)
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        return !(lines[0]?.startsWith("# ") && lines[1]?.startsWith("For "));
      })
      .map(shown);
    expect(unsaid).toEqual([]);
  });
});

/** The sections of docs/architecture.md that code comments cite: renaming one strands them. */
const ARCHITECTURE_ANCHORS = [
  "shape",
  "layout",
  "data",
  "errors",
  "security",
  "rate-limits",
  "plans-and-prices",
  "one-quote",
  "product-keys",
  "accounts",
  "subscriptions",
  "payments",
  "refunds",
  "e-mail",
  "plugin-key-and-validation",
  "active-users",
  "reviews",
  "support",
  "settings",
  "tags",
  "the-spa",
  "budgets",
  "decisions",
];

describe("code comments that cite the docs", () => {
  test("docs/architecture.md keeps every section code comments cite", () => {
    const anchors = anchorsOf(read(join(DOCS, "architecture.md")));
    expect(ARCHITECTURE_ANCHORS.filter((anchor) => !anchors.has(anchor))).toEqual([]);
  });

  test("every docs/<page>.md#anchor named in src, web, tests and scripts resolves", () => {
    const problems = CODE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .filter((file) => file !== THIS_FILE)
      .flatMap((file) =>
        docsReferences(read(file)).map(({ page, anchor }) => {
          const target = join(DOCS, page);
          if (!existsSync(target)) return `${shown(file)}: docs/${page} does not exist`;
          if (anchor !== null && !anchorsOf(read(target)).has(anchor))
            return `${shown(file)}: docs/${page} has no heading making #${anchor}`;
          return null;
        }),
      )
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });
});
