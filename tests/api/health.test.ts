/** /api/health tells the truth: degraded with reasons when e-mails fail or back up, or the database can't be written. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { eq } from "drizzle-orm";
import { schema } from "../../src/db";
import { emails } from "../../src/db/schema";
import { queueEmail } from "../../src/features/email/outbox";
import { createApp } from "../../src/app";
import { MINUTE } from "../../src/lib/clock";
import type { Db } from "../../src/db";
import { api, makeTestApp, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => { ctx = makeTestApp(); });
afterEach(() => ctx.cleanup());

const queueKeyEmail = () => queueEmail(ctx.deps.db, { to: "buyer@example.com", template: "product-key", payload: { key: "ABCDEFGH2345", plan: "pro", planName: "4 Month Pro" } }, ctx.clock.now());

describe("GET /api/health", () => {
  test("is ok on a working site", async () => {
    const answer = await api(ctx.app).api.health.get({ query: { strict: "1" } });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, status: "ok", reasons: [], email: { pending: 0, failed: 0, oldestPendingMinutes: null } });
  });

  test("is degraded while an e-mail has failed for good, and ?strict=1 answers 503 then", async () => {
    const row = queueKeyEmail();
    ctx.deps.db.update(emails).set({ status: "failed", nextAttemptAt: null }).where(eq(emails.id, row.id)).run();
    const relaxed = await api(ctx.app).api.health.get();
    expect(relaxed.status).toBe(200);
    expect(relaxed.data).toMatchObject({ ok: false, status: "degraded", reasons: ["1 e-mail has failed for good; retry them from the admin E-mails tab"], email: { failed: 1 } });
    const strict = await api(ctx.app).api.health.get({ query: { strict: "1" } });
    expect(strict.status).toBe(503);
    expect(strict.error!.value).toMatchObject({ status: "degraded" });
  });

  test("is degraded when the oldest unsent e-mail has waited 10 minutes", async () => {
    queueKeyEmail();
    ctx.clock.advance(9 * MINUTE);
    expect((await api(ctx.app).api.health.get({ query: { strict: "1" } })).status).toBe(200);
    ctx.clock.advance(MINUTE);
    const answer = await api(ctx.app).api.health.get({ query: { strict: "1" } });
    expect(answer.status).toBe(503);
    expect(answer.error!.value).toMatchObject({ reasons: ["the oldest of 1 unsent e-mail has waited 10 minutes"], email: { pending: 1, oldestPendingMinutes: 10 } });
  });

  test("is degraded when the database can't be written", async () => {
    const readOnly = new Database(ctx.deps.config.databasePath, { readonly: true });
    const app = createApp({ ...ctx.deps, db: drizzle(readOnly, { schema }) as Db });
    try {
      const answer = await api(app).api.health.get({ query: { strict: "1" } });
      expect(answer.status).toBe(503);
      const reasons = (answer.error!.value as { reasons: string[] }).reasons;
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toStartWith("the database can't be written: ");
    } finally {
      readOnly.close();
    }
  });
});
