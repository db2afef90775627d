/**
 * Periodic rounds that every instance schedules but one at a time should run (docs/several-instances.md).
 * On PostgreSQL a round holds a session advisory lock on a connection of its own while it runs; another
 * instance whose timer fires meanwhile skips its round. An instance that dies mid-round loses its connection,
 * and with it the lock, so the next round anywhere takes over. On SQLite one process serves the site: the round
 * just runs.
 */
import { postgresPoolOf, type Db } from "./index";
import type { OneAtATime } from "../lib/jobs";

/**
 * The advisory-lock keys of the rounds (the migrations' lock is 7_358_213_004). Each holds a pooled connection while
 * its round runs, so the pool's smallest size (SMALLEST_POOL, src/config/postgres.ts) counts them.
 */
export const JOB_LOCKS = {
  "expired-checkouts": 7_358_213_101,
  "tax-sync": 7_358_213_102,
} as const;

export type Job = keyof typeof JOB_LOCKS;

/** Runs `round` unless another instance is running `job`; says whether it ran. */
export async function runAlone(db: Db, job: Job, round: () => Promise<unknown>): Promise<boolean> {
  const pool = postgresPoolOf(db);
  if (!pool) {
    await round();
    return true;
  }
  const connection = await pool.client.reserve();
  try {
    const [lock] = (await connection.unsafe(`select pg_try_advisory_lock(${JOB_LOCKS[job]}) as taken`)) as {
      taken: boolean;
    }[];
    if (!lock!.taken) return false;
    try {
      await round();
      return true;
    } finally {
      await connection.unsafe(`select pg_advisory_unlock(${JOB_LOCKS[job]})`);
    }
  } finally {
    connection.release();
  }
}

/** `runAlone` for one job, as the job runner takes it (src/lib/jobs.ts, `alone`). */
export function oneInstanceAtATime(db: Db, job: Job): OneAtATime {
  return (round) => runAlone(db, job, round);
}
