/**
 * What the API reference (/api/docs) shows comes from the OpenAPI documents the site serves. Each
 * operation is titled by its summary, and that title names its section, a landmark: every operation
 * has a short summary of its own. An answer that can take one of several shapes carries examples,
 * which the reference shows instead of a picker between the shapes that a screen reader's user can't
 * match to its text.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { HealthModel } from "../../src/shared/api/health";
import { api, makeTestApp, type TestContext } from "../support/app";

type Operation = {
  summary?: string;
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const SUMMARY_MAX = 80;

let ctx: TestContext;
const documents: Record<string, Document> = {};
beforeAll(async () => {
  ctx = makeTestApp();
  documents["/api/openapi.json"] = (await api(ctx.app).api["openapi.json"].get()).data as unknown as Document;
  documents["/api/plugin/openapi.json"] = await (
    await ctx.app.handle(new Request("http://localhost/api/plugin/openapi.json"))
  ).json();
});
afterAll(() => ctx.cleanup());

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

for (const url of ["/api/openapi.json", "/api/plugin/openapi.json"]) {
  describe(url, () => {
    test("every operation has a short summary", () => {
      const all = operations(documents[url]);
      expect(all.length).toBeGreaterThan(url === "/api/openapi.json" ? 70 : 1);
      const missing = all.filter(({ operation }) => !operation.summary?.trim()).map(({ name }) => name);
      const long = all
        .filter(({ operation }) => (operation.summary?.length ?? 0) > SUMMARY_MAX)
        .map(({ name, operation }) => `${name}: ${operation.summary}`);
      expect(missing).toEqual([]);
      expect(long).toEqual([]);
    });

    test("no two operations share a summary", () => {
      const byName = new Map<string, string[]>();
      for (const { name, operation } of operations(documents[url])) {
        const summary = operation.summary?.trim().toLowerCase() ?? "";
        byName.set(summary, [...(byName.get(summary) ?? []), name]);
      }
      const shared = [...byName]
        .filter(([, names]) => names.length > 1)
        .map(([summary, names]) => `"${summary}": ${names.join(", ")}`);
      expect(shared).toEqual([]);
    });

    test("every answer that can take one of several shapes carries examples", () => {
      const withoutExamples: string[] = [];
      for (const { name, operation } of operations(documents[url])) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          for (const [type, { schema }] of Object.entries(answer.content ?? {})) {
            const shapes = (schema?.anyOf ?? schema?.oneOf) as unknown[] | undefined;
            if (shapes && shapes.length > 1 && !(schema?.examples as unknown[] | undefined)?.length)
              withoutExamples.push(`${name} ${status} ${type}`);
          }
        }
      }
      expect(withoutExamples).toEqual([]);
    });
  });
}

test("GET /api/health's examples are answers it can give, one of each shape", () => {
  const answers = documents["/api/openapi.json"].paths["/api/health"].get.responses;
  for (const [status, model] of [
    ["200", HealthModel.healthy],
    ["503", HealthModel.unavailable],
  ] as const) {
    const examples = answers[status].content!["application/json"].schema!.examples as unknown[];
    expect(examples.map((example) => Value.Check(model, example))).toEqual([true, true]);
    expect(examples.map((example) => Value.Check(HealthModel.healthDetails, example))).toEqual([false, true]);
  }
});
