/**
 * Scheduled backups while the server runs (BACKUP_URL), against the fake storage: a backup every
 * BACKUP_EVERY (in a worker thread), the keep rule deleting only what it lets go, the daily drill,
 * health and /metrics showing the newest good backup's age, and one e-mail to the admins per problem
 * (a failing backup, late backups), with the site serving throughout and no secret anywhere it shows.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { backupRuns, emails } from "../../src/db/schema";
import { backupName } from "../../src/features/backups/retention";
import { startBackupScheduler, type BackupScheduler, type JobRunner } from "../../src/features/backups/scheduler";
import { runJob } from "../../src/features/backups/worker";
import { HOUR, MINUTE } from "../../src/lib/clock";
import { call, makeKey, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";
import { captureLog } from "../support/log";

setDefaultTimeout(120_000);

const METRICS_TOKEN = "metrics-token-0123456789";
const PASSPHRASE = "a passphrase nobody may read";
/** The jobs in this thread: faster than a worker per round, and the same code. */
const inProcess: JobRunner = (job) => ({ result: runJob(job), stop: () => {} });

let fake: FakeS3;
let ctx: TestContext;
let scheduler: BackupScheduler | undefined;
beforeAll(() => {
  fake = startFakeS3();
});
afterAll(() => fake.stop());
afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
  fake.reset();
  ctx?.cleanup();
});

async function site(env: Record<string, string> = {}) {
  ctx = makeTestApp({
    env: {
      ...fake.env,
      BACKUP_URL: `s3://${fake.bucket}/site`,
      BACKUP_PASSPHRASE: PASSPHRASE,
      METRICS_TOKEN,
      ...env,
    },
  });
  await makeKey(ctx.deps, "pro");
  return ctx;
}

const runs = async () => await ctx.deps.db.select().from(backupRuns).orderBy(backupRuns.id);
const alerts = async () =>
  await ctx.deps.db.select().from(emails).where(eq(emails.template, "backup-alert")).orderBy(emails.id);
const healthDetails = async () =>
  (await call(ctx.app, "GET", "/api/health", { token: METRICS_TOKEN })).body as {
    backup: { lastGood: { ageSeconds: number } | null; warning: string | null; drill: { ok: boolean } | null };
  };
const metrics = async () =>
  (await call(ctx.app, "GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body as string;
const gauge = (text: string, name: string) => Number(new RegExp(`^${name}\\{[^}]*\\} (-?\\d+)$`, "m").exec(text)?.[1]);

describe("the schedule", () => {
  test("a backup goes to storage in a worker thread, the drill follows, and retention deletes only what the rule lets go", async () => {
    await site({ BACKUP_KEEP: "all:1d,daily:3" });
    const now = ctx.clock.now();
    const planted = {
      hourOld: backupName(now - HOUR),
      twoDaysOld: backupName(now - 2 * 24 * HOUR),
      sameDayEarlier: backupName(now - 2 * 24 * HOUR - HOUR),
      tenDaysOld: backupName(now - 10 * 24 * HOUR),
    };
    for (const name of Object.values(planted)) fake.plant(`site/${name}`, new TextEncoder().encode("old"));
    fake.plant("site/notes.txt", new TextEncoder().encode("not a backup"));
    fake.plant("elsewhere/layerlift-2020-01-01T00-00-00Z-aaaaaa.backup", new TextEncoder().encode("other prefix"));

    // The server's own runner: a worker thread.
    scheduler = startBackupScheduler(ctx.deps, { timers: false });
    await scheduler.round();

    const [backup, drill] = await runs();
    expect(backup).toMatchObject({ kind: "backup", ok: true, problem: null });
    expect(drill).toMatchObject({ kind: "drill", ok: true, objectName: backup.objectName, backupTakenAt: now });
    expect(drill.rowCounts?.product_keys).toBe(1);
    expect(fake.keys()).toEqual(
      [
        `site/${backup.objectName}`,
        `site/${planted.hourOld}`,
        `site/${planted.twoDaysOld}`,
        "site/notes.txt",
        "elsewhere/layerlift-2020-01-01T00-00-00Z-aaaaaa.backup",
      ].sort(),
    );
    // Encrypted with the passphrase, which travels to the worker and nowhere it shows.
    expect(Buffer.from(fake.objects.get(`site/${backup.objectName}`)!.body).toString()).toContain("AES-256-GCM");
  });

  test("the next backup comes BACKUP_EVERY after the last, the drill once a day; health and /metrics show the age", async () => {
    await site({ BACKUP_EVERY: "6h" });
    scheduler = startBackupScheduler(ctx.deps, { runner: inProcess, timers: false });
    const start = ctx.clock.now();
    await scheduler.round();
    ctx.clock.advance(2 * HOUR);
    await scheduler.round();
    expect((await runs()).map((run) => run.kind)).toEqual(["backup", "drill"]);

    const health = await healthDetails();
    expect(health.backup).toMatchObject({
      scheduled: true,
      everySeconds: 6 * 3600,
      lastGood: { at: start, ageSeconds: 2 * 3600 },
      lastFailure: null,
      drill: { ok: true },
      warning: null,
    });
    const text = await metrics();
    expect(gauge(text, "backup_age_seconds")).toBe(2 * 3600);
    expect(gauge(text, "backup_last_success_timestamp_seconds")).toBe(start / 1000);
    expect(gauge(text, "backup_last_run_ok")).toBe(1);
    expect(gauge(text, "backup_drill_ok")).toBe(1);

    ctx.clock.advance(4 * HOUR);
    await scheduler.round();
    // A second backup, no second drill within the day.
    expect((await runs()).map((run) => run.kind)).toEqual(["backup", "drill", "backup"]);
    expect(fake.keys("site/layerlift-")).toHaveLength(2);
    ctx.clock.advance(18 * HOUR);
    await scheduler.round();
    expect((await runs()).map((run) => run.kind)).toEqual(["backup", "drill", "backup", "backup", "drill"]);
    expect(await alerts()).toEqual([]);
  });
});

describe("when it goes wrong", () => {
  test("a failing storage is recorded and told to the admins once; the site keeps serving; recovery clears it", async () => {
    await site();
    await signInAdmin(ctx);
    const log = captureLog();
    try {
      scheduler = startBackupScheduler(ctx.deps, { runner: inProcess, timers: false });
      fake.failNext(1_000_000);
      await scheduler.round();
      const [failed] = await runs();
      expect(failed).toMatchObject({ kind: "backup", ok: false });
      expect(failed.problem).toMatch(/^Looking for s3:\/\/layerlift-backups\/site\/layerlift-.* failed: /);
      expect(await alerts()).toHaveLength(1);
      expect((await alerts())[0]).toMatchObject({
        to: "admin@example.com",
        subject: expect.stringContaining("backup failed"),
      });

      // The site answers as ever; the details say why an admin should look.
      expect((await call(ctx.app, "GET", "/api/health?strict=1")).body).toEqual({ ok: true, status: "ok" });
      const health = await healthDetails();
      expect(health.backup.warning).toStartWith("The last backup failed: ");
      expect(gauge(await metrics(), "backup_last_run_ok")).toBe(0);

      // Tried again after 15 minutes, still failing: no second e-mail.
      ctx.clock.advance(15 * MINUTE);
      await scheduler.round();
      expect((await runs()).filter((run) => !run.ok)).toHaveLength(2);
      expect(await alerts()).toHaveLength(1);

      fake.failNext(0);
      ctx.clock.advance(15 * MINUTE);
      await scheduler.round();
      expect((await runs()).at(-1)).toMatchObject({ kind: "drill", ok: true });
      expect((await healthDetails()).backup.warning).toBeNull();

      // Late backups (none for more than twice BACKUP_EVERY) are a new problem: one e-mail, then quiet.
      ctx.clock.advance(12 * HOUR + MINUTE);
      await scheduler.checkAlerts();
      await scheduler.checkAlerts();
      expect((await alerts()).map((email) => email.subject)).toEqual([
        expect.stringContaining("A scheduled backup failed"),
        expect.stringContaining("Backups are late"),
      ]);
      expect((await healthDetails()).backup.warning).toBe(
        "The newest backup is 12 hours old, more than twice BACKUP_EVERY.",
      );

      // No key or passphrase in health, /metrics, the e-mails, the runs or the log.
      const shown = [
        JSON.stringify(await healthDetails()),
        await metrics(),
        JSON.stringify(await alerts()),
        JSON.stringify(await runs()),
        log.text(),
      ].join("\n");
      expect(shown).not.toContain(fake.secretAccessKey);
      expect(shown).not.toContain(PASSPHRASE);
      expect(log.lines.some((line) => line.msg === "scheduled backup failed")).toBe(true);
    } finally {
      log.restore();
    }
  });

  test("storage that can't be reached: the failure is one sentence in health, and the site keeps serving", async () => {
    await site({ S3_ENDPOINT: "http://127.0.0.1:9" });
    scheduler = startBackupScheduler(ctx.deps, { runner: inProcess, timers: false });
    await scheduler.round();
    expect(await runs()).toHaveLength(1);
    const health = await healthDetails();
    expect(health.backup.warning).toMatch(/^The last backup failed: .*can't be reached \(connection refused\)/);
    expect((await call(ctx.app, "GET", "/api/health")).body).toEqual({ ok: true, status: "ok" });
  });
});
