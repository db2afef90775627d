/**
 * web/lib/use-after-idle.ts lets what waits for the page's first idle moment go one at a time, each in an idle
 * period of its own: let go together, their renders, requests and timers were one long task on a phone.
 */
import { expect, test } from "bun:test";

/** The browser's idle callbacks, run by the test one idle period at a time. */
let pending: (() => void)[] = [];
globalThis.requestIdleCallback = ((callback: () => void) => {
  pending.push(callback);
  return 0;
}) as typeof requestIdleCallback;

/** One idle period: the callbacks asked for before it; one asked for during it waits for the next, as in browsers. */
function runIdlePeriod() {
  const due = pending;
  pending = [];
  for (const callback of due) callback();
}

const { whenIdle } = await import("../../web/lib/use-after-idle");

test("each waiting part is let go in an idle period of its own, in the order it asked", () => {
  const released: string[] = [];
  whenIdle(() => released.push("reviews"));
  whenIdle(() => released.push("active users"));
  const takeBack = whenIdle(() => released.push("gone before its turn"));
  whenIdle(() => released.push("toasts"));
  expect(released).toEqual([]);

  runIdlePeriod();
  expect(released).toEqual(["reviews"]);

  takeBack();
  runIdlePeriod();
  expect(released).toEqual(["reviews", "active users"]);
  runIdlePeriod();
  expect(released).toEqual(["reviews", "active users", "toasts"]);
  runIdlePeriod();
  expect(released).toHaveLength(3);
  expect(pending).toHaveLength(0);
});

test("a part that waits after the others were let go gets an idle period too", () => {
  const released: string[] = [];
  whenIdle(() => released.push("later"));
  expect(released).toEqual([]);
  runIdlePeriod();
  expect(released).toEqual(["later"]);
});
