/**
 * src/shared is what the SPA and the server both import, so it must not depend on the server: its files import
 * only other shared files, TypeBox and Elysia's type system (src/shared/api/type-system.ts says why).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SHARED = resolve(import.meta.dir, "../../src/shared");
const SRC = dirname(SHARED);
const ALLOWED_PACKAGES = [/^@sinclair\/typebox(\/.*)?$/, /^elysia\/type-system$/];

/** Every module a file names: static imports and re-exports (type-only too), dynamic imports, bare `import "x"`. */
function importedSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const pattern =
    /\b(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;
  return [...code.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Why `specifier`, imported by `file`, is not allowed in src/shared; null when it is. */
function problemWith(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) {
    const target = resolve(dirname(file), specifier);
    if (target === SHARED || target.startsWith(`${SHARED}/`)) return null;
    return `reaches outside src/shared, into ${relative(SRC, target)}`;
  }
  return ALLOWED_PACKAGES.some((allowed) => allowed.test(specifier)) ? null : `imports the package ${specifier}`;
}

describe("src/shared depends on nothing of the server", () => {
  test("the scanner sees every kind of import, so a pass means something", () => {
    const sample = `
      import { a } from "../features/x/model";
      import type { B } from '../../db/schema';
      export type {
        C, D,
      } from "../lib/schemas";
      export * from "./api/common";
      const e = await import("../config");
      import "../deps";
      // import { ignored } from "../app";
    `;
    expect(importedSpecifiers(sample)).toEqual([
      "../features/x/model",
      "../../db/schema",
      "../lib/schemas",
      "./api/common",
      "../config",
      "../deps",
    ]);
    const file = join(SHARED, "api-types.ts");
    expect(problemWith(file, "../features/users/model")).toContain("features/users/model");
    expect(problemWith(file, "./api/users")).toBeNull();
    expect(problemWith(file, "elysia")).toContain("elysia");
  });

  test("no file under src/shared imports from features, db, lib, app, config, deps or any server package", () => {
    const files = sourceFiles(SHARED);
    expect(files.length).toBeGreaterThan(10);
    const problems = files.flatMap((file) =>
      importedSpecifiers(readFileSync(file, "utf8"))
        .map((specifier) => ({ specifier, problem: problemWith(file, specifier) }))
        .filter(({ problem }) => problem !== null)
        .map(({ specifier, problem }) => `${relative(SRC, file)}: "${specifier}" ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
