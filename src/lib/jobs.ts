/**
 * The server's background jobs, one runner for all (docs/architecture.md#background-jobs): the e-mail and webhook
 * senders, renewal reminders, the sweep of expired checkouts, the retry of tax records, scheduled backups,
 * SQLite's optimize and idle collection. A job is a name, a round and when the next round comes; the runner
 * gives each the same timer, the same stop (no new round, then wait for the running ones), the same handling of a
 * failing round (round-outage.ts: back off, one log line when it starts failing and one when it works again)
 * and the same counts for /metrics.
 *
 * It imports no database: a job that must run on one instance at a time is handed the lock as `alone`
 * (src/db/job-lock.ts, `oneInstanceAtATime`).
 */
import type { Clock } from "./clock";
import { outageBackoffMs, roundOutage } from "./round-outage";

/** Runs `round` unless another instance is running it; says whether it ran. */
export type OneAtATime = (round: () => Promise<void>) => Promise<boolean>;

export interface JobSpec<R> {
  /** The job in log lines ("e-mail sender": "e-mail sender round failed; …") and in /metrics. */
  name: string;
  clock: Clock;
  /** One round. `stopping` is aborted when stop()'s grace is over: a round that waits on the network gives up. */
  round: (stopping: AbortSignal) => Promise<R>;
  /** A round every `everyMs`, from a timer that does not wait for the rounds (see `overlap`). */
  everyMs?: number;
  /**
   * Instead of `everyMs`: the wait after a round ends, from what it answered (undefined when it failed or was
   * skipped). Rounds then follow one another, never overlapping.
   */
  nextInMs?: (result: R | undefined) => number | Promise<number>;
  /** With `everyMs`: how many rounds may run at once (default 1: a tick while a round runs is skipped). */
  overlap?: number;
  /** The first round at start (default), or only after the first wait. */
  startNow?: boolean;
  /** On PostgreSQL, one instance at a time: another instance's round meanwhile is skipped. */
  alone?: OneAtATime;
  /** How long stop() lets running rounds finish before it aborts `stopping` (default: as long as they take). */
  graceMs?: number;
  /** The timer does not keep the process alive (work a process may exit in the middle of). */
  unref?: boolean;
  /** false: no timer at all; rounds run only when runNow() asks (tests that drive a schedule themselves). */
  timers?: boolean;
}

export interface Job {
  /** One round now, whatever the back-off says; while as many rounds as allowed run, the last of them instead. */
  runNow(): Promise<void>;
  /** Whether a round is running. */
  busy(): boolean;
  /** No more rounds; waits for the running ones (aborting them after `graceMs`, default the job's own). */
  stop(graceMs?: number): Promise<void>;
}

/** What /metrics says of each job: rounds by outcome and when one last worked. Per process, like its memory. */
export interface JobCounts {
  ok: number;
  failed: number;
  /** Ticks with nothing started: a round still running, a back-off, or another instance holding the job. */
  skipped: number;
  /** The clock's time when a round last ended well; 0 before the first. */
  lastSuccessAt: number;
}

const counts = new Map<string, JobCounts>();

/** Every job's counts since the process started, by name. */
export function jobCounts(): ReadonlyMap<string, Readonly<JobCounts>> {
  return counts;
}

function countsOf(name: string): JobCounts {
  let found = counts.get(name);
  if (!found) {
    found = { ok: 0, failed: 0, skipped: 0, lastSuccessAt: 0 };
    counts.set(name, found);
  }
  return found;
}

export function startJob<R>(spec: JobSpec<R>): Job {
  const { name, clock, overlap = spec.nextInMs ? 1 : (spec.overlap ?? 1) } = spec;
  const tally = countsOf(name);
  const outage = roundOutage(name, clock);
  const stopping = new AbortController();
  const running = new Set<Promise<R | undefined>>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();

  async function runRound(): Promise<R | undefined> {
    try {
      let result: R | undefined;
      // A job that must run on one instance at a time is skipped (false) while another holds its lock.
      let ran = true;
      if (spec.alone)
        ran = await spec.alone(async () => {
          result = await spec.round(stopping.signal);
        });
      else result = await spec.round(stopping.signal);
      if (!ran) {
        tally.skipped++;
        return undefined;
      }
      tally.ok++;
      tally.lastSuccessAt = clock.now();
      outage.succeeded();
      return result;
    } catch (error) {
      tally.failed++;
      outage.failed(error);
      return undefined;
    }
  }

  /** Starts a round unless stopped or full; the round, or null when none started. */
  function begin(): Promise<R | undefined> | null {
    if (stopped || running.size >= overlap) return null;
    const round: Promise<R | undefined> = runRound().finally(() => running.delete(round));
    running.add(round);
    return round;
  }

  /** A timer's round: also waits out the back-off of a failing job. */
  function tick(): Promise<R | undefined> | null {
    const round = outage.backingOff() ? null : begin();
    if (!round) tally.skipped++;
    return round;
  }

  const later = (run: () => void, ms: number) => {
    timer = setTimeout(run, ms);
    if (spec.unref) timer.unref();
  };

  /** nextInMs: a round, then the wait it asks for, then the next. */
  const step = async (first: boolean) => {
    const result = first && spec.startNow === false ? undefined : ((await tick()) ?? undefined);
    if (stopped) return;
    let wait: number;
    try {
      wait = await spec.nextInMs!(result);
    } catch (error) {
      // Nothing to go on: the next round comes after the back-off, as after a failed round.
      outage.failed(error);
      wait = outageBackoffMs(1);
    }
    if (!stopped) later(() => (chain = step(false)), wait);
  };

  if (spec.timers !== false) {
    if (spec.nextInMs) chain = step(true);
    else {
      const everyMs = spec.everyMs ?? 0;
      if (!(everyMs > 0)) throw new Error(`The job ${name} needs everyMs or nextInMs.`);
      timer = setInterval(() => void tick(), everyMs);
      if (spec.unref) timer.unref();
      if (spec.startNow !== false) void tick();
    }
  }

  return {
    async runNow() {
      await (begin() ?? [...running].at(-1));
    },
    busy: () => running.size > 0,
    async stop(graceMs = spec.graceMs ?? Number.POSITIVE_INFINITY) {
      stopped = true;
      clearTimeout(timer);
      clearInterval(timer);
      const settled = Promise.all([chain, ...running]);
      if (Number.isFinite(graceMs)) {
        let graceTimer: ReturnType<typeof setTimeout> | undefined;
        const graceOver = new Promise((resolve) => (graceTimer = setTimeout(resolve, graceMs)));
        await Promise.race([settled, graceOver]);
        clearTimeout(graceTimer);
      } else await settled;
      stopping.abort();
      await settled;
    },
  };
}
