/**
 * The seeded randomness every group of seed rows draws from, and the context the groups share. One
 * generator serves them all in a fixed order, so two runs with the same sizes make the same shapes.
 */

export const KEY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** mulberry32: small, fast and seeded; these rows need variety, not secrecy. */
export function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A unique code for `n`: a bijective scramble of n into `length` letters of `alphabet` (32 letters). */
export function code(n: number, alphabet: string, length: number, salt: number): string {
  // Multiplying by an odd number modulo 2^40 is a bijection, so distinct n give distinct codes.
  let x = (BigInt(n) * 0x9e3779b97n + BigInt(salt)) & 0xffffffffffn;
  let out = "";
  for (let i = 0; i < length; i++) {
    out += alphabet[Number(x & 31n)];
    x >>= 5n;
    if (x === 0n && i >= 7) x = BigInt(salt + i * 7919) & 0xffffffffffn;
  }
  return out;
}

/** What every table group's generator shares: the seeded randomness, the seed's span of time and its sizes. */
export interface SeedContext {
  now: number;
  /** The start of the made-up history, YEARS before `now`. */
  from: number;
  userCount: number;
  saleCount: number;
  salt: number;
  random: () => number;
  /** The time of the i-th of `count` rows spread over the history, give or take a minute. */
  at: (i: number, count: number) => number;
  email: (u: number) => string;
  pick: <T>(items: readonly T[]) => T;
}
