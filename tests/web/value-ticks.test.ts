/** The revenue chart's value axis (web/pages/admin/value-ticks.ts): even steps up to a top at or above the highest day. */
import { describe, expect, test } from "bun:test";
import { valueTicks } from "../../web/pages/admin/value-ticks";

const steps = (ticks: number[]) => new Set(ticks.slice(1).map((tick, i) => Math.round((tick - ticks[i]!) * 100)));

describe("valueTicks", () => {
  test("steps evenly from zero to a round top at or above the highest value", () => {
    expect(valueTicks([0, 24.99, 149.99])).toEqual([0, 50, 100, 150]);
    expect(valueTicks([6.99])).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks([24.99, 9.99])).toEqual([0, 10, 20, 30]);
    expect(valueTicks([1234.5])).toEqual([0, 500, 1000, 1500]);
    expect(valueTicks([0.5])).toEqual([0, 0.2, 0.4, 0.6]);
    expect(valueTicks([0.03])).toEqual([0, 0.01, 0.02, 0.03]);
  });

  test("every step is the same, and the top leaves at most one step of room, for any highest value", () => {
    for (let cents = 1; cents < 2_000_000; cents = Math.ceil(cents * 1.37)) {
      const high = cents / 100;
      const ticks = valueTicks([high]);
      expect(ticks[0]).toBe(0);
      expect(steps(ticks).size).toBe(1);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(high);
      expect(ticks.at(-2)!).toBeLessThan(high);
      expect(ticks.length).toBeLessThanOrEqual(5);
    }
  });

  test("a negative day (fees kept on a refunded sale) takes the axis below zero in the same steps", () => {
    const ticks = valueTicks([-0.52, 24.99]);
    expect(ticks).toEqual([-10, 0, 10, 20, 30]);
    expect(steps(valueTicks([-3.2, 0]))).toEqual(new Set([100]));
  });

  test("no sales at all gives an axis from $0 to $1", () => {
    expect(valueTicks([0, 0])).toEqual([0, 1]);
    expect(valueTicks([])).toEqual([0, 1]);
  });
});
