/**
 * The tree passes Biome's linter with the rules biome.json sets (docs/testing.md, "Lint rules", says why
 * some are off or scoped): a finding fails this test with its rule, file and line, so it is fixed before
 * it lands. `npx biome lint .` shows the same findings with their explanations.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

interface Diagnostic {
  category: string;
  severity: string;
  message: string;
  location?: { path?: string; start?: { line: number } };
}

test("Biome's linter finds nothing (npx biome lint . explains each finding)", () => {
  const root = join(import.meta.dir, "../..");
  const biome = Bun.spawnSync(
    [join(root, "node_modules/.bin/biome"), "lint", "--reporter=json", "--max-diagnostics=none", "."],
    { cwd: root, stdout: "pipe", stderr: "pipe" },
  );
  const report = JSON.parse(biome.stdout.toString()) as { summary: { unchanged: number }; diagnostics: Diagnostic[] };
  expect(report.summary.unchanged).toBeGreaterThan(100);
  const problems = report.diagnostics.map(
    (d) => `${d.category}: ${d.location?.path ?? ""}:${d.location?.start?.line ?? ""} ${d.message}`,
  );
  expect(problems).toEqual([]);
  expect(biome.exitCode).toBe(0);
}, 60_000);
