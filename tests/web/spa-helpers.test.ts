/**
 * The SPA's shared helpers (docs/architecture.md, "One helper per idea"): the failure toast's text, and the rules
 * that keep one piece of code per idea: copying goes through web/lib/clipboard.ts, a request's failure toast through
 * web/lib/failure-toast.ts, and no component or function of the SPA grows past what a reader holds in mind.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parse } from "@babel/parser";
import { ApiError } from "../../web/lib/api";
import { failureToast } from "../../web/lib/failure-toast";

const ROOT = resolve(import.meta.dir, "../..");
const WEB = join(ROOT, "web");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = sourceFiles(WEB).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));

describe("failureToast", () => {
  const wording = { fallback: "Could not send the keys", statusPrefix: "Sending failed." };

  test("with no wording it shows the error's own message", () => {
    expect(failureToast("Failed")(new ApiError("Endpoint not found", 404, { serverText: "Endpoint not found" }))).toBe(
      "Endpoint not found",
    );
  });

  test("a fixed sentence is shown whatever the error said", () => {
    expect(failureToast("Error", "Failed to update settings")(new Error("socket hang up"))).toBe(
      "Failed to update settings",
    );
  });

  test("a wording shows the server's sentence, else the status line, else the fallback", () => {
    const toast = failureToast("Keys Not Sent", wording);
    expect(toast(new ApiError("No keys", 409, { serverText: "No keys for this address" }))).toBe(
      "No keys for this address",
    );
    expect(toast(new ApiError("Bad Gateway", 502))).toBe("Sending failed. Status: 502");
    expect(toast("not an error")).toBe("Could not send the keys");
  });
});

describe("one helper per idea", () => {
  test("only web/lib/clipboard.ts touches the clipboard", () => {
    const copying = files
      .filter(({ text }) => /navigator\.clipboard|execCommand\("copy"\)|\bcopyText\(/.test(text))
      .map(({ path }) => path);
    expect(copying).toEqual(["web/lib/clipboard.ts"]);
  });

  test("a red toast about a request is failureToast's: no page builds one from the error's message", () => {
    const own = files
      .filter(({ text }) => /variant: "destructive"[^}]*\.message|\.message[^}]*variant: "destructive"/s.test(text))
      .filter(({ path }) => path !== "web/lib/failure-toast.ts")
      .map(({ path }) => path);
    expect(own).toEqual([]);
    const old = files.filter(({ text }) => text.includes("toastFailure(")).map(({ path }) => path);
    expect(old).toEqual([]);
  });
});

const FUNCTION_TYPES = new Set([
  "FunctionDeclaration",
  "ArrowFunctionExpression",
  "FunctionExpression",
  "ObjectMethod",
  "ClassMethod",
]);
const MAX_FUNCTION_LINES = 80;
const MAX_FILE_LINES = 400;

type Node = { type?: string; loc?: { start: { line: number }; end: { line: number } }; [key: string]: unknown };

function longFunctions(path: string, text: string): { name: string; lines: number }[] {
  const found: { name: string; lines: number }[] = [];
  const visit = (node: Node, parent: Node | null) => {
    if (FUNCTION_TYPES.has(node.type ?? "") && node.loc) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      const id = (node.id ?? node.key ?? (parent?.type === "VariableDeclarator" ? parent.id : null)) as Node | null;
      const name = (id?.name as string | undefined) ?? "(anonymous)";
      if (lines > MAX_FUNCTION_LINES) found.push({ name: `${path} ${name}`, lines });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc") continue;
      for (const child of Array.isArray(value) ? value : [value])
        if (child && typeof child === "object" && typeof (child as Node).type === "string") visit(child as Node, node);
    }
  };
  visit(parse(text, { sourceType: "module", plugins: ["typescript", "jsx"] }).program as unknown as Node, null);
  return found;
}

describe("sizes a reader holds in mind", () => {
  test(`no component or function of the SPA is past ${MAX_FUNCTION_LINES} lines`, () => {
    const over = files.flatMap(({ path, text }) => longFunctions(path, text));
    expect(over).toEqual([]);
  });

  test(`no file of the SPA is past ${MAX_FILE_LINES} lines`, () => {
    const over = files.filter(({ text }) => text.split("\n").length > MAX_FILE_LINES).map(({ path }) => path);
    expect(over).toEqual([]);
  });
});
