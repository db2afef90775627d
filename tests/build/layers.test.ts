/**
 * The server's imports point down the layers docs/architecture.md#layers draws: shared → lib → config → db →
 * the features (in the order that page lists them) → http → each feature's routes → app, server and the command
 * line. Only imports that carry values count: a type may be named from above (`import type`), since it leaves
 * nothing behind at run time. A new feature folder fails this test until the page gives it its place.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { Glob } from "bun";

const root = join(import.meta.dir, "../..");
const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };

const LAYERS = ["shared", "lib", "config", "db", "feature", "http", "routes", "app"] as const;
type Layer = (typeof LAYERS)[number];

interface Place {
  layer: Layer;
  /** The feature folder, for a feature's code and its routes. */
  feature?: string;
}

const isRoutesFile = (name: string) => /(^|-)routes\.tsx?$/.test(name);

function placeOf(file: string): Place {
  const parts = file.split("/");
  const top = parts[1];
  if (top === "shared") return { layer: "shared" };
  if (top === "lib" || file === "src/version.ts") return { layer: "lib" };
  if (top === "config") return { layer: "config" };
  if (top === "db") return { layer: "db" };
  if (top === "http") return { layer: "http" };
  if (top === "features") return { layer: isRoutesFile(parts.at(-1)!) ? "routes" : "feature", feature: parts[2] };
  return { layer: "app" };
}

/** The feature order: the list under "The features, from the bottom" on the architecture page, one line a rank. */
function featureRanks(): Map<string, number> {
  const page = readFileSync(join(root, "docs/architecture.md"), "utf8");
  const block = page.match(/The features, from the bottom[\s\S]*?```\n([\s\S]*?)```/);
  if (!block) throw new Error('docs/architecture.md lost its "The features, from the bottom" block');
  const ranks = new Map<string, number>();
  block[1]
    .trim()
    .split("\n")
    .forEach((line, rank) => {
      for (const name of line
        .replace(/^\s*\d+\s+/, "")
        .split(/[\s,]+/)
        .filter(Boolean))
        ranks.set(name, rank);
    });
  return ranks;
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@shared/")) base = join(root, "src/shared", spec.slice("@shared/".length));
  else if (spec.startsWith(".")) base = resolve(dirname(join(root, from)), spec);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return found ? relative(root, found) : null;
}

interface ValueImport {
  from: string;
  to: string;
}

function valueImports(): ValueImport[] {
  const found: ValueImport[] = [];
  for (const from of new Glob("src/**/*.{ts,tsx}").scanSync(root)) {
    if (from.endsWith(".d.ts")) continue;
    // The transpiler drops `import type` and type-only names, so what it lists is what runs.
    const transpiler = from.endsWith(".tsx") ? transpilers.tsx : transpilers.ts;
    // A macro import runs at build time; read it as the plain import of its file it also is.
    const code = readFileSync(join(root, from), "utf8").replace(/\bwith\s*\{\s*type:\s*"macro"\s*\}/g, "");
    for (const { path } of transpiler.scan(code).imports) {
      const to = resolveImport(from, path);
      if (to?.startsWith("src/")) found.push({ from, to });
    }
  }
  return found;
}

/** Every static import between files of `dir`, types included: a loop of types is still a loop to read through. */
function allImports(dir: string): ValueImport[] {
  const found: ValueImport[] = [];
  for (const from of new Glob(`${dir}/**/*.{ts,tsx}`).scanSync(root)) {
    const code = readFileSync(join(root, from), "utf8");
    for (const [, path] of code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gms)) {
      const to = resolveImport(from, path!);
      if (to?.startsWith(`${dir}/`) && to !== from) found.push({ from, to });
    }
  }
  return found;
}

/** The files that import each other in a loop, one loop a line ("a → b → a"). */
function loops(imports: ValueImport[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const done = new Set<string>();
  const found: string[] = [];
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) return void found.push([...path.slice(at), file].join(" → "));
    if (done.has(file)) return;
    for (const to of next.get(file) ?? []) visit(to, [...path, file]);
    done.add(file);
  };
  for (const file of next.keys()) visit(file, []);
  return found;
}

function problemWith(ranks: Map<string, number>, { from, to }: ValueImport): string | null {
  const a = placeOf(from);
  const b = placeOf(to);
  const up = LAYERS.indexOf(b.layer) > LAYERS.indexOf(a.layer);
  if (up) return `${from} (${a.layer}) imports ${to} (${b.layer}), a layer above it`;
  if (a.feature && b.feature && a.feature !== b.feature) {
    if (a.layer === "routes" && b.layer === "routes") return `${from} imports another feature's routes, ${to}`;
    if (a.layer === "feature" && b.layer === "feature" && !(ranks.get(b.feature)! < ranks.get(a.feature)!))
      return `${from} (feature ${a.feature}) imports ${to} (feature ${b.feature}), which is not below it in docs/architecture.md#layers`;
  }
  return null;
}

describe("layers", () => {
  const ranks = featureRanks();
  const imports = valueImports();

  test("every feature folder has its place in the order, and every name there is a folder", () => {
    const folders = [...new Glob("src/features/*/").scanSync({ cwd: root, onlyFiles: false })]
      .map((path) => path.split("/")[2])
      .filter((name) => statSync(join(root, "src/features", name)).isDirectory())
      .sort();
    expect([...ranks.keys()].sort()).toEqual(folders);
  });

  test("no import that carries a value points up, and no feature imports another's routes", () => {
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.map((i) => problemWith(ranks, i)).filter(Boolean)).toEqual([]);
  });

  test("no two folders import each other", () => {
    const folderOf = (file: string) => {
      const parts = file.split("/");
      return parts[1] === "features" ? `features/${parts[2]}` : parts.length > 2 ? parts[1] : file;
    };
    const pairs = new Set(imports.map(({ from, to }) => `${folderOf(from)} → ${folderOf(to)}`));
    const both = [...pairs].filter((pair) => {
      const [a, b] = pair.split(" → ");
      return a !== b && pairs.has(`${b} → ${a}`);
    });
    expect(both).toEqual([]);
  });

  test("no files import each other in a loop, through types either, on the server or in the SPA", () => {
    const imports = allImports("src");
    expect(imports.length).toBeGreaterThan(500);
    expect(loops(imports)).toEqual([]);
    const spa = allImports("web");
    expect(spa.length).toBeGreaterThan(300);
    expect(loops(spa)).toEqual([]);
    expect(loops([...imports, { from: "src/lib/clock.ts", to: "src/features/users/service.ts" }])).not.toEqual([]);
  });

  // The rule above would pass a test that found no imports at all; these hold it to the layers it reads.
  test("the check itself sees an upward import, a feature above its place and another feature's routes", () => {
    expect(problemWith(ranks, { from: "src/lib/errors.ts", to: "src/db/index.ts" })).toContain("a layer above");
    expect(
      problemWith(ranks, { from: "src/features/users/service.ts", to: "src/features/checkout/quote.ts" }),
    ).toContain("not below it");
    expect(problemWith(ranks, { from: "src/features/account/routes.ts", to: "src/features/auth/routes.ts" })).toContain(
      "another feature's routes",
    );
    expect(problemWith(ranks, { from: "src/features/account/routes.ts", to: "src/features/auth/service.ts" })).toBe(
      null,
    );
  });
});
