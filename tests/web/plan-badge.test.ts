/** A plan's badge checked against its prices in the admin panel's Plans tab (web/pages/admin/plan-badge.ts). */
import { describe, expect, test } from "bun:test";
import { badgeMismatch, discountPercent } from "../../web/pages/admin/plan-badge";

describe("badgeMismatch", () => {
  test("a badge naming the discount the prices give is right", () => {
    expect(discountPercent(6.99, 9.99)).toBe(30);
    expect(badgeMismatch("30% OFF!", 6.99, 9.99)).toBeNull();
  });

  test("raising the price under a 30% OFF! badge is caught, with the badge that matches", () => {
    expect(badgeMismatch("30% OFF!", 7.99, 9.99)).toEqual({
      kind: "wrong-percent",
      claimed: 30,
      actual: 20,
      fixed: "20% OFF!",
    });
    expect(badgeMismatch("Save 30 % today", 7.99, 9.99)).toMatchObject({ fixed: "Save 20 % today" });
  });

  test("a discount badge without a was price is caught", () => {
    expect(badgeMismatch("30% OFF!", 6.99, null)).toEqual({ kind: "no-was-price", claimed: 30 });
  });

  test("a badge that names no discount, or none, is left alone", () => {
    expect(badgeMismatch("Best value", 7.99, 9.99)).toBeNull();
    expect(badgeMismatch("", 7.99, null)).toBeNull();
  });
});
