/**
 * The background jobs' one runner (src/lib/jobs.ts): stop() waits for the running round (and cuts it off only
 * after its grace); a failing round is logged once, backed off, and the next round still runs; a round whose wait
 * depends on what it found follows the one before; and with the one-instance lock, two instances on one
 * PostgreSQL never run a round of the same job at once.
 */
import { expect, test } from "bun:test";
import { postgresPoolOf, type Db } from "../../src/db";
import { oneInstanceAtATime } from "../../src/db/job-lock";
import { jobCounts, startJob } from "../../src/lib/jobs";
import { outageBackoffMs } from "../../src/lib/round-outage";
import { FakeClock } from "../support/fake-clock";
import { captureLog } from "../support/log";
import { heldRound } from "../support/held-round";
import { describePostgres, instancesOnOnePostgres } from "../support/postgres";

async function waitFor(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await Bun.sleep(5);
  return condition();
}

/** Lets the event loop go round a few times: whatever could happen without the round ending has happened. */
async function turns(n = 5) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

test("stop() starts no new round and waits for the running one, which it does not cut off", async () => {
  const held = heldRound();
  const events: string[] = [];
  let rounds = 0;
  const job = startJob({
    name: "held job",
    clock: new FakeClock(),
    everyMs: 5,
    round: async (stopping) => {
      rounds++;
      await held.round();
      events.push(stopping.aborted ? "round ended, cut off" : "round ended");
    },
  });
  await held.running;
  expect(job.busy()).toBe(true);
  const stopped = job.stop().then(() => events.push("stopped"));
  await turns();
  expect(events).toEqual([]);
  held.finish();
  await stopped;
  expect(events).toEqual(["round ended", "stopped"]);
  expect(job.busy()).toBe(false);
  await turns();
  expect(rounds).toBe(1);
});

test("after its grace, stop() aborts the running round's signal and still waits for it to end", async () => {
  const events: string[] = [];
  const job = startJob({
    name: "hanging job",
    clock: new FakeClock(),
    everyMs: 60_000,
    graceMs: 60_000,
    round: (stopping) =>
      new Promise<void>((resolve) => {
        events.push("round started");
        stopping.addEventListener("abort", () => {
          events.push("cut off");
          resolve();
        });
      }),
  });
  await waitFor(() => events.length > 0);
  await job.stop(1);
  expect(events).toEqual(["round started", "cut off"]);
});

test("a round that throws is logged once, the job backs off, and the next rounds still run", async () => {
  const clock = new FakeClock();
  const log = captureLog();
  let calls = 0;
  const job = startJob({
    name: "flaky job",
    clock,
    everyMs: 5,
    round: async () => {
      calls++;
      if (calls <= 2) throw new Error("Failed query: select ...", { cause: new Error("Connection refused") });
      return calls;
    },
  });
  try {
    // A failed round is tried again only once its back-off has passed on the clock.
    for (let failed = 1; failed <= 2; failed++) {
      expect(await waitFor(() => calls >= failed)).toBe(true);
      await turns();
      expect(calls).toBe(failed);
      clock.advance(outageBackoffMs(failed));
    }
    expect(await waitFor(() => calls >= 4)).toBe(true);
  } finally {
    await job.stop();
    log.restore();
  }
  const told = log.lines.filter((line) => String(line.msg).startsWith("flaky job"));
  expect(told.map((line) => [line.level, line.msg])).toEqual([
    ["error", "flaky job round failed; retrying with back-off, and saying nothing more until it works"],
    ["info", "flaky job works again"],
  ]);
  expect(told[0]).toMatchObject({ reason: "Connection refused" });
  expect(told[1]).toMatchObject({ failedRounds: 2 });
  const counts = jobCounts().get("flaky job")!;
  expect(counts.failed).toBe(2);
  expect(counts.ok).toBe(calls - 2);
  expect(counts.lastSuccessAt).toBe(clock.now());
});

test("with nextInMs each round waits for the one before, and its answer sets the wait", async () => {
  const answers: Array<number | undefined> = [];
  const clock = new FakeClock();
  const job = startJob({
    name: "backlog job",
    clock,
    round: async () => {
      if (answers.length === 1) throw new Error("one round fails");
      return answers.length;
    },
    nextInMs: (answer) => {
      answers.push(answer);
      // The failed round's back-off passes on the clock meanwhile.
      if (answer === undefined) clock.advance(outageBackoffMs(1));
      // Quick while there is a backlog; then a wait no test sits out.
      return answers.length < 4 ? 1 : 60_000;
    },
  });
  try {
    expect(await waitFor(() => answers.length === 4)).toBe(true);
    // The second round failed: its wait is chosen with nothing to go on.
    expect(answers).toEqual([0, undefined, 2, 3]);
  } finally {
    await job.stop();
  }
});

test("runNow() runs a round without a timer, and joins the round already running", async () => {
  const held = heldRound();
  let rounds = 0;
  const job = startJob({
    name: "driven job",
    clock: new FakeClock(),
    everyMs: 5,
    timers: false,
    round: async () => {
      rounds++;
      await held.round();
    },
  });
  const first = job.runNow();
  await held.running;
  const second = job.runNow();
  held.finish();
  await Promise.all([first, second]);
  expect(rounds).toBe(1);
  await job.stop();
  await job.runNow();
  expect(rounds).toBe(1);
});

describePostgres("a job that runs on one instance at a time, on one PostgreSQL", () => {
  const { instance } = instancesOnOnePostgres();

  test("two instances' rounds of one job never overlap; while one runs, the other's are skipped", async () => {
    const [first, second] = [instance(), instance()];
    const held = heldRound();
    let inside = 0;
    let mostInside = 0;
    const ran = { first: 0, second: 0 };
    let secondTries = 0;
    const jobOn = (db: Db, which: "first" | "second") => {
      const lock = oneInstanceAtATime(db, "tax-sync");
      return startJob({
        name: "shared job",
        clock: new FakeClock(),
        everyMs: 5,
        alone: (round) => {
          if (which === "second") secondTries++;
          return lock(round);
        },
        round: async () => {
          inside++;
          mostInside = Math.max(mostInside, inside);
          ran[which]++;
          // The first instance's first round holds the job until the test lets it go.
          if (which === "first" && ran.first === 1) await held.round();
          await postgresPoolOf(db)!.client.unsafe("select 1");
          inside--;
        },
      });
    };
    const a = jobOn(first, "first");
    await held.running;
    const b = jobOn(second, "second");
    try {
      expect(await waitFor(() => secondTries >= 3)).toBe(true);
      expect(ran.second).toBe(0);
      held.finish();
      // Let go: rounds run on either instance, one at a time.
      expect(await waitFor(() => ran.first + ran.second >= 20 && ran.second > 0)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(mostInside).toBe(1);
  });
});
