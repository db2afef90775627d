/**
 * One rule for numbers in a request body: a JSON number, never a string. A string that looks like a number
 * ("0x10", "1e1", " 10 ", "3") is refused with the field's sentence and changes nothing, on every route
 * that takes a JSON body, as plan prices always were.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { productKeys, promotionCodes } from "../../src/db/schema";
import { call, makeTestApp, signInAdmin, type TestContext } from "../support/app";

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = makeTestApp();
  admin = (await signInAdmin(ctx)).token;
});
afterAll(() => ctx.cleanup());

type Schema = { type?: string; format?: string; anyOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema };

/** The places in `schema` where a number may arrive as a string (Elysia's coercing integer or numeric). */
function numbersTakenAsText(schema: Schema | undefined, at: string): string[] {
  if (!schema || typeof schema !== "object") return [];
  const here = schema.anyOf?.some(
    (branch) => branch.type === "string" && (branch.format === "integer" || branch.format === "numeric"),
  )
    ? [at]
    : [];
  return [
    ...here,
    ...(schema.anyOf ?? []).flatMap((branch) => numbersTakenAsText(branch, at)),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      numbersTakenAsText(property, `${at}.${name}`),
    ),
    ...numbersTakenAsText(schema.items, `${at}[]`),
  ];
}

describe("numbers in a JSON body", () => {
  test("no route's body takes a number written as a string", () => {
    const routes = ctx.app.routes.filter((route) => route.path.startsWith("/api/") && route.hooks.body);
    expect(routes.length).toBeGreaterThan(20);
    const found = routes.flatMap((route) =>
      numbersTakenAsText(route.hooks.body as Schema, `${route.method} ${route.path} body`),
    );
    expect(found).toEqual([]);
  });

  test("a promotion code with a percentage, an amount or a limit written as a string is refused", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "HEX", percentOff: "0x10" }, "percentOff is a whole number from 1 to 100."],
      [{ code: "EXP", percentOff: "1e1" }, "percentOff is a whole number from 1 to 100."],
      [{ code: "SPACED", percentOff: " 10 " }, "percentOff is a whole number from 1 to 100."],
      [{ code: "TEXT", percentOff: "10" }, "percentOff is a whole number from 1 to 100."],
      [{ code: "LIMIT", percentOff: 10, maxRedemptions: "3" }, "maxRedemptions is a whole number of 1 or more."],
      [{ code: "AMOUNT", amountOff: "5" }, "amountOff is a number of dollars above 0."],
    ];
    for (const [body, message] of cases) {
      const answer = await call(ctx.app, "POST", "/api/admin/promotion-codes", { token: admin, body });
      expect([JSON.stringify(body), answer.status, answer.body.message]).toEqual([JSON.stringify(body), 422, message]);
    }
    expect(await ctx.deps.db.select().from(promotionCodes)).toEqual([]);
  });

  test("a key count written as a string is refused", async () => {
    for (const count of ["3", "0x3", "3e0"]) {
      const answer = await call(ctx.app, "POST", "/api/admin/generate-product-key", {
        token: admin,
        body: { plan: "pro", count },
      });
      expect([count, answer.status, answer.body.message]).toEqual([
        count,
        422,
        "Count must be a whole number from 1 to 100.",
      ]);
    }
    expect(await ctx.deps.db.select().from(productKeys)).toEqual([]);
  });

  test("a plan price written as a string was refused already, and still is", async () => {
    const answer = await call(ctx.app, "PUT", "/api/admin/plans/pro", { token: admin, body: { price: "10" } });
    expect([answer.status, answer.body.message]).toEqual([422, "The price must be at least 0.50 dollars."]);
  });
});
