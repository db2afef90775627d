/** Time comes from a clock the app is given, so tests can move it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

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

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const toIso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
