/**
 * Memory goes back after a busy spell: one full collection once RSS has grown and stopped growing, none
 * while it still grows, and none on a site whose memory holds still.
 */
import { expect, test } from "bun:test";
import { GROWTH_MB, idleCollector } from "../../src/lib/idle-collection";

/** Checks once per reading (the first is at start) and answers at which checks it collected. */
function collectionsOver(readings: number[], afterCollection: number) {
  const collected: number[] = [];
  let at = 0;
  let current = readings[0];
  const check = idleCollector(
    () => {
      collected.push(at);
      current = afterCollection;
    },
    () => current,
  );
  for (at = 1; at < readings.length; at++) {
    current = readings[at];
    check();
  }
  return collected;
}

test("after a burst, one collection once RSS stops growing", () => {
  const grown = 100 + GROWTH_MB + 20;
  expect(collectionsOver([100, 110, 120, grown, grown, 101, 101], 101)).toEqual([4]);
});

test("a second burst is collected again, measured from where the first collection left memory", () => {
  const grown = 100 + GROWTH_MB + 20;
  expect(collectionsOver([100, grown, grown, 101, 101, grown, grown], 101)).toEqual([2, 6]);
});

test("no collection while memory holds still or grows less than the threshold", () => {
  expect(collectionsOver([100, 100, 101, 100 + GROWTH_MB - 1, 100 + GROWTH_MB - 1, 100], 100)).toEqual([]);
});
