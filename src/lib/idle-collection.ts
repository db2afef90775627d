/**
 * Gives memory back after a busy spell. The JavaScript heap grows during a burst (10,000 validations, a
 * big export) and its garbage collector, left alone, keeps the freed pages for a long while: RSS stays
 * 20-40 MB above where it was. So every CHECK_MS this looks at RSS, and once it has grown by GROWTH_MB
 * since the last collection and stopped growing (the burst is over), runs one full collection, which also
 * has the allocator outside the heap hand back its free pages. A steady site never grows by that much, so it
 * never pays for it; one collection of this heap (about 20 MB) takes 30-60 ms on a 2-core machine.
 */
import { systemClock } from "./clock";
import { startJob } from "./jobs";

export const CHECK_MS = 1000;
export const GROWTH_MB = 4;

const rssMb = () => process.memoryUsage.rss() / (1024 * 1024);

/** The decision, one call per check: collects when RSS has grown by GROWTH_MB and stopped growing. */
export function idleCollector(collect: () => void, rss: () => number) {
  let settled = rss();
  let last = settled;
  return function check() {
    const now = rss();
    const stillGrowing = now > last + 1;
    last = now;
    if (stillGrowing || now < settled + GROWTH_MB) return;
    collect();
    settled = last = rss();
  };
}

export function startIdleCollection() {
  const check = idleCollector(() => Bun.gc(true), rssMb);
  return startJob({
    name: "idle collection",
    clock: systemClock,
    everyMs: CHECK_MS,
    startNow: false,
    unref: true,
    round: async () => check(),
  });
}
