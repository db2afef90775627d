/**
 * The tree is formatted as biome.json says (`npm run format` writes it so): a file that is not fails
 * this test by name, so a change that skipped the formatter is caught before it lands.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

interface Diagnostic {
  category: string;
  message: string;
  location?: { path?: string };
}

test("every file Biome formats is formatted (npm run format fixes it)", () => {
  const root = join(import.meta.dir, "../..");
  const biome = Bun.spawnSync(
    [join(root, "node_modules/.bin/biome"), "format", "--reporter=json", "--max-diagnostics=none", "."],
    { cwd: root, stdout: "pipe", stderr: "pipe" },
  );
  const report = JSON.parse(biome.stdout.toString()) as { summary: { unchanged: number }; diagnostics: Diagnostic[] };
  expect(report.summary.unchanged).toBeGreaterThan(100);
  const problems = report.diagnostics.map((d) =>
    d.category === "format"
      ? `not formatted: ${d.location?.path}`
      : `${d.category}: ${d.location?.path ?? ""} ${d.message}`,
  );
  expect(problems).toEqual([]);
  expect(biome.exitCode).toBe(0);
}, 60_000);
