/**
 * Periodic rounds run on one instance at a time (src/db/job-lock.ts): on PostgreSQL a round holds an advisory
 * lock that another instance's round finds taken, and that goes with the connection of an instance that dies;
 * on SQLite the round just runs.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase, postgresPoolOf } from "../../src/db";
import { JOB_LOCKS, runAlone, type Job } from "../../src/db/job-lock";
import { SMALLEST_POOL } from "../../src/config/postgres";
import { sales } from "../../src/db/schema";
import { heldRound } from "../support/held-round";
import { describePostgres, instancesOnOnePostgres } from "../support/postgres";

test("on SQLite a round just runs", async () => {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-job-lock-"));
  const db = openDatabase(join(dir, "site.db"));
  let ran = 0;
  expect(await runAlone(db, "tax-sync", async () => void ran++)).toBe(true);
  expect(ran).toBe(1);
  await closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

test("the smallest pool the configuration takes has a connection for every round's lock and one more", () => {
  expect(SMALLEST_POOL).toBe(Object.keys(JOB_LOCKS).length + 1);
});

describePostgres("periodic rounds across instances on one PostgreSQL", () => {
  const { instance } = instancesOnOnePostgres();

  test("while one instance runs a round, another's round of the same job is skipped, not of another job", async () => {
    const [first, second] = [instance(), instance()];
    const held = heldRound();
    const firstRound = runAlone(first, "expired-checkouts", held.round);
    await held.running;
    let ran = 0;
    expect(await runAlone(second, "expired-checkouts", async () => void ran++)).toBe(false);
    expect(ran).toBe(0);
    expect(await runAlone(second, "tax-sync", async () => void ran++)).toBe(true);
    expect(ran).toBe(1);
    held.finish();
    expect(await firstRound).toBe(true);
    // Released: the next round runs, on either.
    expect(await runAlone(second, "expired-checkouts", async () => void ran++)).toBe(true);
    expect(ran).toBe(2);
  });

  test("a round that fails releases the job", async () => {
    const [first, second] = [instance(), instance()];
    await expect(
      runAlone(first, "tax-sync", async () => {
        throw new Error("provider down");
      }),
    ).rejects.toThrow("provider down");
    expect(await runAlone(second, "tax-sync", async () => undefined)).toBe(true);
  });

  test("an instance that dies mid-round leaves the job to the next round anywhere", async () => {
    const [first, second] = [instance(), instance()];
    const held = heldRound();
    void runAlone(first, "expired-checkouts", held.round).catch(() => undefined);
    await held.running;
    expect(await runAlone(second, "expired-checkouts", async () => undefined)).toBe(false);
    // The dying instance's connections go, as when its process is killed. pg_terminate_backend only signals
    // the backend, which lets the lock go as it exits: with a timeout it waits until the backend is gone.
    const { client } = postgresPoolOf(second)!;
    const terminated = (await client.unsafe(
      `select pg_terminate_backend(pid, 30000) as gone from pg_locks where locktype = 'advisory'
         and pid <> pg_backend_pid() and database = (select oid from pg_database where datname = current_database())`,
    )) as { gone: boolean }[];
    expect(terminated.map((row) => row.gone)).toEqual([true]);
    expect(await runAlone(second, "expired-checkouts", async () => undefined)).toBe(true);
    held.finish();
  });

  test("every round at once on the smallest pool finishes, with the site's queries beside them", async () => {
    // Before the smallest size was 3, a pool of 1 (or 2, with both rounds at once) was all held by the rounds'
    // locks; their queries, and every request's, then waited for a connection forever.
    const db = instance({ DATABASE_POOL_MAX: String(SMALLEST_POOL) });
    const jobs = Object.keys(JOB_LOCKS) as Job[];
    const holding = jobs.map(() => heldRound());
    const rounds = jobs.map((job, i) =>
      runAlone(db, job, async () => {
        await holding[i]!.round();
        await db.select().from(sales).limit(1);
      }),
    );
    await Promise.all(holding.map((held) => held.running));
    // Every lock is held now: the site's own query still gets a connection.
    expect(await db.select().from(sales)).toEqual([]);
    for (const held of holding) held.finish();
    expect(await Promise.all(rounds)).toEqual(rounds.map(() => true));
  });
});
