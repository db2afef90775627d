/**
 * POST /api/plugin/validate: the one call the plugin makes (DESIGN.md §4). Every answer carries
 * `valid` and a stable `code`. Hot path: a key that is already linked costs two indexed reads and
 * no write (lastSeenAt is written at most once a minute).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { t } from "elysia";
import { TypeCompiler } from "elysia/type-system";
import type { AppDeps } from "../../deps";
import { users, type User } from "../../db/schema";
import { preparedFor } from "../../db/prepared";
import { AppError } from "../../lib/errors";
import { HOUR, toIso } from "../../lib/clock";
import { RATE_RULES } from "../../lib/rate-limit";
import type { PluginValidateCode, PluginValidateSuccess } from "../../shared/api-types";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { findUserById, getSubscription, touchLastSeen } from "../users/service";
import { effectiveStatus, timeRemaining } from "../subscriptions/view";

export const ValidateBody = t.Object({
  key: t.String({ minLength: 1, maxLength: 128 }),
  robloxUserId: t.Union([
    t.String({ pattern: "^[0-9]{1,19}$" }),
    t.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  ]),
});
const checkBody = TypeCompiler.Compile(ValidateBody);

export const MISMATCH_ALERT_INTERVAL_MS = HOUR;
export const MISMATCH_ALERT_SUBJECT = "Your Layerlift plugin key was used from another account";

type FailureCode = Exclude<PluginValidateCode, "VALID"> | "INVALID_REQUEST";

/** A failed validation: the app's error handler spreads `extra` into the body, so it gets valid and code. */
export function validateFailure(status: number, code: FailureCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return new AppError(status, code, message, { valid: false, code, ...extra }, headers);
}

/** The request body, parsed from text here so that malformed JSON also answers in the plugin's shape. */
export function parseValidateBody(text: string): { key: string; robloxUserId: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validateFailure(400, "INVALID_REQUEST", "The request body must be JSON: {\"key\": \"ll_…\", \"robloxUserId\": \"123\"}.");
  }
  if (!checkBody.Check(value)) {
    throw validateFailure(422, "INVALID_REQUEST", "Send key (your plugin key) and robloxUserId (digits only).");
  }
  return { key: value.key.trim(), robloxUserId: String(value.robloxUserId) };
}

/** Per IP and per key: a leaked key can't be hammered from many addresses, nor one address try many keys. */
export function limitValidation(deps: AppDeps, ip: string, key: string) {
  for (const bucket of [`plugin:ip:${ip}`, `plugin:key:${key}`]) {
    try {
      deps.limiter.take(bucket, RATE_RULES.pluginValidate, "Too many validation requests. Please wait a moment and try again.");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw validateFailure(429, "RATE_LIMITED", error.message, error.extra, error.headers);
    }
  }
}

function findUserByPluginKey(deps: AppDeps, key: string): User | undefined {
  return preparedFor(deps.db, "userByPluginKey", () =>
    deps.db.select().from(users).where(eq(users.figmaKey, sql.placeholder("key"))).prepare()).get({ key });
}

/** Links the account on first use, or records a mismatch (and maybe queues the owner's alert). */
function linkOrMismatch(deps: AppDeps, owner: User, robloxUserId: string, now: number): { linked: string } | { mismatch: true } {
  return deps.db.transaction((tx) => {
    const [claimed] = tx.update(users)
      .set({ linkedRobloxAccountId: robloxUserId, linkedAt: now })
      .where(and(eq(users.id, owner.id), isNull(users.linkedRobloxAccountId)))
      .returning().all();
    if (claimed) {
      writeAudit(tx, { actorUserId: null, action: "link.linked", subject: `user:${owner.id}`, detail: { robloxUserId }, at: now });
      return { linked: robloxUserId };
    }
    const current = findUserById(tx, owner.id)!;
    if (current.linkedRobloxAccountId === robloxUserId) return { linked: robloxUserId };
    const alertDue = current.lastMismatchAlertAt === null || now - current.lastMismatchAlertAt >= MISMATCH_ALERT_INTERVAL_MS;
    if (current.notifications && alertDue) {
      tx.update(users).set({ lastMismatchAlertAt: now }).where(eq(users.id, owner.id)).run();
      queueEmail(tx, {
        to: current.email,
        template: "key-sharing-alert",
        subject: MISMATCH_ALERT_SUBJECT,
        payload: {
          attemptedRobloxUserId: robloxUserId,
          linkedRobloxAccountId: current.linkedRobloxAccountId,
          dashboardUrl: `${deps.config.appUrl}/dashboard`,
        },
      }, now);
    }
    return { mismatch: true };
  }, { behavior: "immediate" });
}

export function validatePluginKey(deps: AppDeps, key: string, robloxUserId: string): PluginValidateSuccess {
  const now = deps.clock.now();
  const owner = findUserByPluginKey(deps, key);
  if (!owner) {
    throw validateFailure(401, "INVALID_KEY", "This plugin key is not valid. Generate a new key from your dashboard and paste it into the plugin.");
  }
  touchLastSeen(deps.db, owner, now);

  const sub = getSubscription(deps.db, owner.id);
  const status = sub ? effectiveStatus(sub, now) : "expired";
  if (!sub || status === "expired") {
    throw validateFailure(403, "SUBSCRIPTION_EXPIRED",
      "Your subscription has ended. Redeem a new product key from your dashboard to keep using the plugin.");
  }

  let linked = owner.linkedRobloxAccountId;
  if (linked !== robloxUserId) {
    const outcome = linkOrMismatch(deps, owner, robloxUserId, now);
    if ("mismatch" in outcome) {
      throw validateFailure(409, "ACCOUNT_MISMATCH",
        "This plugin key is linked to another Roblox account. Reset the linked account from your dashboard to use it here.");
    }
    linked = outcome.linked;
  }

  return {
    valid: true,
    code: "VALID",
    plan: sub.plan,
    status,
    endDate: toIso(sub.endDate),
    timeRemaining: timeRemaining(sub.endDate, now),
    linkedRobloxAccountId: linked!,
  };
}
