/** Time comes from a clock the app is given, so tests can move it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const toIso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
