/** argon2id with OWASP's parameters (19 MiB, t=2, p=1): ≈30 ms a hash instead of Bun's default ≈110 ms. */
export const PASSWORD_HASH_OPTIONS = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

let options: { algorithm: "argon2id"; memoryCost: number; timeCost: number } = PASSWORD_HASH_OPTIONS;

export const hashPassword = (password: string) => Bun.password.hash(password, options);
export const verifyPassword = (password: string, hash: string) => Bun.password.verify(password, hash);

/**
 * For the test process only (tests/support/cheap-hashes.ts, preloaded by bun test): argon2id at its smallest
 * cost, so the thousands of sign-ups and logins of a run don't spend minutes hashing. Nothing else calls it;
 * a server started as its own process always hashes with PASSWORD_HASH_OPTIONS, and a hash records its own
 * parameters, so either kind verifies anywhere.
 */
export function hashCheaplyInThisTestProcess() {
  options = { algorithm: "argon2id", memoryCost: 64, timeCost: 1 };
}

/** A real hash of a random string, verified against when the e-mail is unknown so both failures take as long. */
let dummyHash: Promise<string> | null = null;
export function timingDummyHash() {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}
