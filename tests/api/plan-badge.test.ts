/** A plan's "30% OFF!" badge says what the prices say: raising the price recomputes it; without a "was" price it is refused. */
import { describe, expect, test } from "bun:test";
import { matchingBadge } from "../../src/shared/plan-badge";
import { call, failure, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

const put = (id: string, body: Record<string, unknown>) =>
  call(ctx.app, "PUT", `/api/admin/plans/${id}`, { token: admin, body });

describe("a badge that names a discount", () => {
  test("raising the month plan from 6.99 to 7.99 against 9.99 saves 20% OFF!, on the plan list too", async () => {
    const saved = await put("month", { price: 7.99 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ price: 7.99, compareAtPrice: 9.99, badge: "20% OFF!" });
    const plans = (await call(ctx.app, "GET", "/api/plans")).body as { id: string; badge: string | null }[];
    expect(plans.find((plan) => plan.id === "month")!.badge).toBe("20% OFF!");
    // A new "was" price moves it again; a badge that names no percentage is left alone.
    expect((await put("month", { compareAtPrice: 15.98 })).body).toMatchObject({ badge: "50% OFF!" });
    expect((await put("pro", { price: 19.99, badge: "MOST POPULAR" })).body).toMatchObject({ badge: "MOST POPULAR" });
  });

  test('without a "was" price it is refused with a sentence and nothing changes', async () => {
    const refused = await put("month", { compareAtPrice: null });
    expect(refused.status).toBe(422);
    expect(failure({ error: { value: refused.body } })).toEqual({
      error: "BADGE_WITHOUT_COMPARE_AT_PRICE",
      message:
        'The badge "30% OFF!" names a discount, but the plan has no "was" price to take it from: set one, or change the badge.',
    });
    expect((await put("month", { compareAtPrice: null, badge: null })).body).toMatchObject({
      compareAtPrice: null,
      badge: null,
    });
  });

  test("the wording around the number is kept", () => {
    expect(matchingBadge("Save 30% off today", 799, 999)).toBe("Save 20% off today");
    expect(matchingBadge("30 % OFF!", 500, 1000)).toBe("50% OFF!");
    expect(matchingBadge("Launch week", 500, 1000)).toBe("Launch week");
  });
});
