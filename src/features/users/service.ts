/** Users: creation, look-up and the public shape of a user. */
import { count, eq, sql } from "drizzle-orm";
import { forUpdate, isUniqueViolation, type Db, type DbOrTx } from "../../db";
import { subscriptions, users, type Subscription, type User } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { rowReader } from "../../db/prepared";
import { hashPassword } from "../../lib/passwords";
import { newPassword } from "../../lib/random";
import { toIso } from "../../lib/clock";
import { markedLately, markOnceAMinute } from "../../lib/minute-marks";
import type { PublicUser, UserSettings } from "@shared/api/users";
import { isThemeChoice } from "@shared/theme";
import type { SiteLanguage } from "@shared/languages";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists. Please sign in instead.";

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return user;
}

const userById = rowReader(users, "id");
const userByPluginKey = rowReader(users, "figma_key");
const subscriptionByUser = rowReader(subscriptions, "user_id");

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  return await userById(db, id);
}

export async function findUserByPluginKey(db: DbOrTx, key: string): Promise<User | undefined> {
  return await userByPluginKey(db, key);
}

/** The same reads without waiting, when their rows are at hand (src/db/prepared.ts): the hot paths' reads. */
export const pluginKeyOwnerAtHand = (db: DbOrTx, key: string) => userByPluginKey.atHand(db, key);
export const subscriptionAtHand = (db: DbOrTx, userId: number) => subscriptionByUser.atHand(db, userId);
export const userByIdAtHand = (db: DbOrTx, id: number) => userById.atHand(db, id);

const emailTaken = () => conflict("EMAIL_TAKEN", DUPLICATE_EMAIL_MESSAGE);

export async function assertEmailFree(db: DbOrTx, email: string) {
  if (await findUserByEmail(db, email)) throw emailTaken();
}

/**
 * Inserts the account. The address is unique in the table, so of two racing inserts with one address the
 * second is the same 409 as a taken address, never a second account.
 */
export async function insertUser(
  db: DbOrTx,
  input: { email: string; passwordHash: string; isAdmin?: boolean; language?: SiteLanguage },
  now: number,
): Promise<User> {
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: normaliseEmail(input.email),
        passwordHash: input.passwordHash,
        isAdmin: input.isAdmin ?? false,
        ...(input.language ? { language: input.language } : {}),
        createdAt: now,
      })
      .returning();
    return user!;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function getSubscription(db: DbOrTx, userId: number): Promise<Subscription | undefined> {
  return await subscriptionByUser(db, userId);
}

export function settingsOf(user: User): UserSettings {
  return {
    notifications: user.notifications,
    autoSync: user.autoSync,
    // null until the user chooses one: the browser then keeps its own.
    theme: user.themeChosen && isThemeChoice(user.theme) ? user.theme : null,
    language: user.language,
  };
}

export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    isAdmin: user.isAdmin,
    figmaKey: user.pluginKey,
    emailConfirmed: user.emailConfirmedAt !== null,
    settings: settingsOf(user),
    createdAt: toIso(user.createdAt)!,
  };
}

/**
 * Creates an admin, or promotes an existing account. Without a password a new one is generated and
 * returned so the caller can print it once.
 */
export async function createOrPromoteAdmin(db: Db, input: { email: string; password?: string }, now: number) {
  const password = input.password ?? newPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [promoted] = await tx
      .update(users)
      .set({
        isAdmin: true,
        ...(input.password ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.email, normaliseEmail(input.email)))
      .returning();
    if (promoted) return { user: promoted, created: false, password: input.password ? password : null };
    const user = await insertUser(tx, { email: input.email, passwordHash, isAdmin: true }, now);
    return { user, created: true, password };
  });
}

/**
 * Holds the account's row for the rest of the transaction, so counts that cap what it may ask for (links a
 * day) can't be passed by racing requests. SQLite's transaction already holds the only write lock.
 */
export async function lockAccount(tx: DbOrTx, userId: number) {
  await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
  return row?.n ?? 0;
}

/** Whether the user was marked seen within the minute, so `touchLastSeen` has nothing to write. */
export const seenLately = (db: DbOrTx, user: Pick<User, "id" | "lastSeenAt">, now: number) =>
  markedLately(db, `seen ${user.id}`, user.lastSeenAt, now);

/** Marks the user as seen (active-users stat), at most once a minute to keep hot paths write-free. */
export async function touchLastSeen(db: DbOrTx, user: Pick<User, "id" | "lastSeenAt">, now: number) {
  await markOnceAMinute(db, `seen ${user.id}`, user.lastSeenAt, now, () =>
    db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id)),
  );
}
