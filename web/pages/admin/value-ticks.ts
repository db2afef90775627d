/**
 * The ticks of a chart's value axis (money, in dollars): even "nice" steps (1, 2, 2.5 or 5 times a power of ten,
 * a whole number of cents) from zero, or from a step below the lowest value when it is negative, up to a top tick
 * at or above the highest value, so every step reads the same and the top of the axis names a round figure.
 */
const NICE = [1, 2, 2.5, 5];

const wholeCents = (step: number) => step >= 0.01 && Math.abs(step * 100 - Math.round(step * 100)) < 1e-6;

/** Ticks over `values`, at most `steps` steps; a flat zero gives 0 to 1. */
export function valueTicks(values: number[], steps = 4): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (high === low) return [0, 1];
  // The first nice step, from the one below span / steps up, that covers both ends in at most `steps` steps.
  let power = 10 ** Math.floor(Math.log10((high - low) / steps));
  for (;;) {
    for (const n of NICE) {
      const step = n * power;
      if (!wholeCents(step)) continue;
      const bottom = Math.floor(low / step + 1e-9);
      const top = Math.ceil(high / step - 1e-9);
      if (top - bottom > steps) continue;
      // Counted in whole steps and rounded to cents, so 0.1 + 0.2 never shows as 0.30000000000000004.
      return Array.from({ length: top - bottom + 1 }, (_, i) => Math.round((bottom + i) * step * 100) / 100);
    }
    power *= 10;
  }
}
