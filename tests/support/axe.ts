/**
 * axe-core in the page under test: every rule it runs by default (WCAG 2 A and AA, including colour
 * contrast, plus its best practices such as heading order), and the experimental check that a
 * control's accessible name contains its visible text.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
  summary: string;
}

/** Runs axe on what the page shows now and answers the violations, each with where it was found. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // A dialog fading in is not yet its final colours: let finite animations end first. Two frames first, so an
  // animation a change has just asked for (a toast closing on Escape) has started and is seen.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // page.evaluate runs outside the page's CSP, which would refuse an injected script.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, {
      resultTypes: ["violations"],
      rules: { "label-content-name-mismatch": { enabled: true } },
    });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
      summary: violation.nodes[0]?.failureSummary ?? "",
    }));
  });
}

export function describeFindings(where: string, findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `${where}: ${f.rule} (${f.impact}) ${f.help}\n    at ${f.targets.slice(0, 5).join(", ")}\n    ${f.summary.replace(/\n/g, "\n    ")}`,
    )
    .join("\n");
}
