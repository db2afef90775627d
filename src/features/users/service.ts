/** Users: creation, look-up and the public shape of a user. */
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { subscriptions, users, type Subscription, type User } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { rowReader } from "../../db/prepared";
import { hashPassword } from "../../lib/passwords";
import { newPassword } from "../../lib/random";
import { toIso } from "../../lib/clock";
import type { PublicUser, UserSettings } from "@shared/api/users";
import { DEFAULT_THEME, isThemeChoice } from "@shared/theme";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists. Please sign in instead.";

export function findUserByEmail(db: DbOrTx, email: string): User | undefined {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .get();
}

const userById = rowReader(users, "id");
const userByPluginKey = rowReader(users, "figma_key");
const subscriptionByUser = rowReader(subscriptions, "user_id");

export function findUserById(db: DbOrTx, id: number): User | undefined {
  return userById(db, id);
}

export function findUserByPluginKey(db: DbOrTx, key: string): User | undefined {
  return userByPluginKey(db, key);
}

export function assertEmailFree(db: DbOrTx, email: string) {
  if (findUserByEmail(db, email)) throw conflict("EMAIL_TAKEN", DUPLICATE_EMAIL_MESSAGE);
}

export function insertUser(
  db: DbOrTx,
  input: { email: string; passwordHash: string; isAdmin?: boolean },
  now: number,
): User {
  return db
    .insert(users)
    .values({
      email: normaliseEmail(input.email),
      passwordHash: input.passwordHash,
      isAdmin: input.isAdmin ?? false,
      createdAt: now,
    })
    .returning()
    .get();
}

export function getSubscription(db: DbOrTx, userId: number): Subscription | undefined {
  return subscriptionByUser(db, userId);
}

export function settingsOf(user: User): UserSettings {
  return {
    notifications: user.notifications,
    autoSync: user.autoSync,
    theme: isThemeChoice(user.theme) ? user.theme : DEFAULT_THEME,
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
  return db.transaction((tx) => {
    const existing = findUserByEmail(tx, input.email);
    if (existing) {
      tx.update(users)
        .set({
          isAdmin: true,
          ...(input.password ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, existing.id))
        .run();
      return { user: findUserById(tx, existing.id)!, created: false, password: input.password ? password : null };
    }
    return { user: insertUser(tx, { email: input.email, passwordHash, isAdmin: true }, now), created: true, password };
  });
}

export function countAdmins(db: DbOrTx): number {
  return db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isAdmin, true)).get()!.n;
}

/** Marks the user as seen (active-users stat), at most once a minute to keep hot paths write-free. */
export function touchLastSeen(db: DbOrTx, user: Pick<User, "id" | "lastSeenAt">, now: number) {
  if (user.lastSeenAt !== null && now - user.lastSeenAt < 60_000) return;
  db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id)).run();
}
