import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { auditLog, users } from "../../src/db/schema";
import { HOUR } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { AppError } from "../../src/lib/errors";
import { resetLinkedAccount } from "../../src/features/plugin/service";
import { api, failure, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

async function linkedUser(robloxUserId = "123") {
  const user = await signUpUser(ctx);
  const key = (await api(ctx.app, user.token).api.figma["generate-key"].post()).data!.figmaKey;
  await api(ctx.app).api.plugin.validate.post({ key, robloxUserId });
  return { ...user, pluginKey: key as string };
}

const reset = (token: string) => api(ctx.app, token).api.figma["reset-linked-account"].post();
const linked = (token: string) => api(ctx.app, token).api.figma["linked-account"].get();

describe("GET /api/figma/linked-account", () => {
  test("an account never validated has no linked account", async () => {
    const user = await signUpUser(ctx);
    expect((await linked(user.token)).data).toEqual({
      linkedRobloxAccountId: null,
      linkedAt: null,
      resetCooldownHours: ctx.deps.config.linkResetCooldownHours,
    });
  });

  test("after the first validation it shows the linked Roblox ID and when it was linked", async () => {
    const user = await linkedUser("123");
    expect((await linked(user.token)).data).toEqual({
      linkedRobloxAccountId: "123",
      linkedAt: new Date(ctx.clock.now()).toISOString(),
      resetCooldownHours: ctx.deps.config.linkResetCooldownHours,
    });
  });

  test("it needs a signed-in user", async () => {
    expect((await api(ctx.app).api.figma["linked-account"].get()).status).toBe(401);
  });
});

describe("POST /api/figma/reset-linked-account", () => {
  test("reset unlinks the account so another Roblox account can link", async () => {
    const user = await linkedUser("123");
    const answer = await reset(user.token);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ linkedRobloxAccountId: null });
    const again = await api(ctx.app).api.plugin.validate.post({ key: user.pluginKey, robloxUserId: "456" });
    expect(again.data).toMatchObject({ code: "VALID", linkedRobloxAccountId: "456" });
  });

  test("a second reset inside the cooldown answers 429 with remainingMs", async () => {
    const user = await linkedUser();
    await reset(user.token);
    ctx.clock.advance(HOUR);
    const answer = await reset(user.token);
    expect(answer.status).toBe(429);
    expect(failure(answer)?.error).toBe("COOLDOWN_ACTIVE");
    expect(failure(answer)?.remainingMs).toBe(23 * HOUR);
  });

  test("after the cooldown the owner can reset again", async () => {
    const user = await linkedUser();
    await reset(user.token);
    ctx.clock.advance(24 * HOUR);
    expect((await reset(user.token)).status).toBe(200);
  });

  test("the cooldown length comes from LINK_RESET_COOLDOWN_HOURS", async () => {
    ctx.cleanup();
    ctx = makeTestApp({ env: { LINK_RESET_COOLDOWN_HOURS: "2" } });
    const user = await linkedUser();
    await reset(user.token);
    expect(failure(await reset(user.token))?.remainingMs).toBe(2 * HOUR);
  });

  test("every reset is written to the audit log", async () => {
    const user = await linkedUser("123");
    await reset(user.token);
    const entries = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "link.reset"))
      .orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: user.user.id, subject: `user:${user.user.id}` });
  });

  test("an admin resets anyone's link without the cooldown and without starting one", async () => {
    const user = await linkedUser();
    const admin = await signInAdmin(ctx);
    await reset(user.token);
    const ownerResetAt = ctx.clock.now();
    ctx.clock.advance(HOUR);
    await ctx.deps.db.update(users).set({ linkedRobloxAccountId: "999" }).where(eq(users.id, user.user.id));
    expect(
      await resetLinkedAccount(ctx.deps, user.user.id, { actorUserId: admin.user.id, ignoreCooldown: true }),
    ).toEqual({
      linkedRobloxAccountId: null,
    });
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.linkedRobloxAccountId).toBeNull();
    expect(row!.lastLinkResetAt).toBe(ownerResetAt);
  });

  test("the service throws COOLDOWN_ACTIVE with remainingMs for the owner", async () => {
    const user = await linkedUser();
    await reset(user.token);
    try {
      await resetLinkedAccount(ctx.deps, user.user.id, { actorUserId: user.user.id, ignoreCooldown: false });
      throw new Error("expected a cooldown error");
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(429);
      expect((error as AppError).extra.remainingMs).toBe(24 * HOUR);
    }
  });
});
