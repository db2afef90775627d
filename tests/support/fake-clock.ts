import type { Clock } from "../../src/lib/clock";

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  constructor(private ms: number = Date.UTC(2026, 0, 1)) {}
  now() {
    return this.ms;
  }
  advance(ms: number) {
    this.ms += ms;
  }
  set(ms: number) {
    this.ms = ms;
  }
}
