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
import { runAlone } from "../../src/db/job-lock";
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
});
