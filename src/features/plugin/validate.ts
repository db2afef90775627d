/**
 * POST /api/plugin/validate: the one call the plugin makes (docs/architecture.md#plugin-key-and-validation). Every answer carries
 * `valid` and a stable `code`; a valid one also carries a signed lease (features/leases). Hot path: a key
 * that is already linked costs two indexed reads and no write (lastSeenAt is written at most once a
 * minute), and the lease sent last time is sent again while it is fresh.
 */
import { and, eq, isNull } from "drizzle-orm";
import { t } from "elysia";
import { TypeCompiler } from "elysia/type-system";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { seats, users, type Seat, type User } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { HOUR, toIso } from "../../lib/clock";
import { RATE_RULES } from "../../lib/rate-limit";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { findUserByPluginKey, getSubscription, touchLastSeen } from "../users/service";
import { effectiveStatus, timeRemaining } from "../subscriptions/view";
import { PLUGIN_ANSWERS } from "@shared/api/plugin-answers";
import { pluginFailure } from "./failure";
import { PluginModel, type PluginValidateSuccess } from "@shared/api/plugin";
import type { LeaseIssuer } from "../leases/issuer";
import { findSeatByKey, linkSeat, touchOwnKeyValidated, touchSeatValidated } from "../seats/validation";

const checkBody = TypeCompiler.Compile(PluginModel.validateBody);
const { nonce: _nonce, ...requiredFields } = PluginModel.validateBody.properties;
const checkWithoutNonce = TypeCompiler.Compile(t.Object(requiredFields));

export interface ValidateInput {
  key: string;
  robloxUserId: string;
  nonce: string | undefined;
}

const MISMATCH_ALERT_INTERVAL_MS = HOUR;

/** The request body, parsed from text here so that malformed JSON also answers in the plugin's shape. */
export function parseValidateBody(text: string): ValidateInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw pluginFailure("notJson");
  }
  if (!checkBody.Check(value)) throw pluginFailure(checkWithoutNonce.Check(value) ? "badNonce" : "badInput");
  return { key: value.key.trim(), robloxUserId: String(value.robloxUserId), nonce: value.nonce };
}

/** Per IP and per key: a leaked key can't be hammered from many addresses, nor one address try many keys. */
export async function limitValidation(deps: AppDeps, ip: string, key: string) {
  try {
    // One statement for both on PostgreSQL: validate is the hottest call, and a round trip is most of a take.
    await deps.limiter.takeEach(
      "plugin",
      [{ ip }, { key }],
      RATE_RULES.pluginValidate,
      PLUGIN_ANSWERS.rateLimited.message,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw pluginFailure("rateLimited", error.extra, error.headers);
  }
}

/** Links the account on first use, or records a mismatch (and maybe queues the owner's alert). */
async function linkOrMismatch(
  deps: AppDeps,
  owner: User,
  robloxUserId: string,
  now: number,
): Promise<{ linked: string } | { mismatch: true }> {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(users)
      .set({ linkedRobloxAccountId: robloxUserId, linkedAt: now })
      .where(and(eq(users.id, owner.id), isNull(users.linkedRobloxAccountId)))
      .returning({ id: users.id });
    if (claimed) {
      await writeAudit(tx, {
        // The owner's plugin linked it, with the owner's key.
        actorUserId: owner.id,
        action: "link.linked",
        subject: `user:${owner.id}`,
        detail: { robloxUserId },
        at: now,
      });
      return { linked: robloxUserId };
    }
    const [current] = await forUpdate(tx.select().from(users).where(eq(users.id, owner.id)).limit(1));
    // Deleted since its key was read: the key no longer works.
    if (!current) throw pluginFailure("invalidKey");
    if (current.linkedRobloxAccountId === robloxUserId) return { linked: robloxUserId };
    // Not null: the link claim above failed inside this transaction.
    await alertOwner(deps, tx, current, { attempted: robloxUserId, linked: current.linkedRobloxAccountId! }, now);
    return { mismatch: true as const };
  });
}

/**
 * A key used from a Roblox account other than its linked one: the owner gets the key-sharing alert, at most once an
 * hour per account (whichever of the licence's keys it was), if they take notifications. `owner` is read for update.
 */
async function alertOwner(
  deps: AppDeps,
  tx: DbOrTx,
  owner: User,
  accounts: { attempted: string; linked: string },
  now: number,
) {
  const alertDue = owner.lastMismatchAlertAt === null || now - owner.lastMismatchAlertAt >= MISMATCH_ALERT_INTERVAL_MS;
  if (!owner.notifications || !alertDue) return;
  await tx.update(users).set({ lastMismatchAlertAt: now }).where(eq(users.id, owner.id));
  await queueEmail(
    tx,
    {
      to: owner.email,
      userId: owner.id,
      template: "key-sharing-alert",
      payload: {
        attemptedRobloxUserId: accounts.attempted,
        linkedRobloxAccountId: accounts.linked,
        dashboardUrl: `${deps.config.appUrl}/dashboard`,
      },
    },
    now,
  );
}

/**
 * A seat's key links its first Roblox account (audited as the owner's key is); from another account it is refused
 * with ACCOUNT_MISMATCH and the owner gets the same alert. Answers whether the seat is linked to `robloxUserId`.
 */
async function linkSeatOrMismatch(deps: AppDeps, seat: Seat, robloxUserId: string, now: number): Promise<boolean> {
  // The hot path: the seat's own account again, no transaction.
  if (seat.linkedRobloxAccountId === robloxUserId) return true;
  return deps.db.transaction(async (tx) => {
    const outcome = await linkSeat(tx, seat, robloxUserId, now);
    if (outcome === "linked")
      await writeAudit(tx, {
        actorUserId: seat.userId,
        action: "link.linked",
        subject: `user:${seat.userId}`,
        detail: { robloxUserId, seat: seat.position },
        at: now,
      });
    if (outcome !== "mismatch") return true;
    const [owner] = await forUpdate(tx.select().from(users).where(eq(users.id, seat.userId)).limit(1));
    const [current] = await tx.select().from(seats).where(eq(seats.id, seat.id)).limit(1);
    if (owner && current?.linkedRobloxAccountId)
      await alertOwner(deps, tx, owner, { attempted: robloxUserId, linked: current.linkedRobloxAccountId }, now);
    return false;
  });
}

export async function validatePluginKey(
  deps: AppDeps,
  leases: LeaseIssuer,
  { key, robloxUserId, nonce }: ValidateInput,
): Promise<PluginValidateSuccess> {
  const now = deps.clock.now();
  const owner = await findUserByPluginKey(deps.db, key);
  // Not an account's own key: maybe a seat's (docs/accounts.md#seats), looked up only now.
  if (!owner) return validateSeatKey(deps, leases, { key, robloxUserId, nonce }, now);
  await touchLastSeen(deps.db, owner, now);
  const sub = await runningSubscription(deps, owner.id, now);

  let linked = owner.linkedRobloxAccountId;
  if (linked !== robloxUserId) {
    const outcome = await linkOrMismatch(deps, owner, robloxUserId, now);
    if ("mismatch" in outcome) throw pluginFailure("accountMismatch");
    linked = outcome.linked;
  }
  await touchOwnKeyValidated(deps.db, owner, now);
  return validAnswer(leases, sub, { key, linked: linked!, nonce }, now);
}

/** A seat's key: SEAT_ENDED once its seat is gone; otherwise the owner's licence decides, and the seat links its own account. */
async function validateSeatKey(
  deps: AppDeps,
  leases: LeaseIssuer,
  { key, robloxUserId, nonce }: ValidateInput,
  now: number,
) {
  const seat = await findSeatByKey(deps.db, key);
  if (!seat) throw pluginFailure("invalidKey");
  if (seat.endedAt !== null) throw pluginFailure("seatEnded");
  const sub = await runningSubscription(deps, seat.userId, now);
  if (!(await linkSeatOrMismatch(deps, seat, robloxUserId, now))) throw pluginFailure("accountMismatch");
  await touchSeatValidated(deps.db, seat, now);
  return validAnswer(leases, sub, { key, linked: robloxUserId, nonce }, now);
}

/** The licence's subscription while it runs; SUBSCRIPTION_EXPIRED or _SUSPENDED otherwise. */
async function runningSubscription(deps: AppDeps, userId: number, now: number) {
  const sub = await getSubscription(deps.db, userId);
  const status = sub ? effectiveStatus(sub, now) : "expired";
  if (!sub || status === "expired") throw pluginFailure("expired");
  if (status === "suspended") throw pluginFailure("suspended");
  return { ...sub, status };
}

async function validAnswer(
  leases: LeaseIssuer,
  sub: Awaited<ReturnType<typeof runningSubscription>>,
  { key, linked, nonce }: { key: string; linked: string; nonce: string | undefined },
  now: number,
): Promise<PluginValidateSuccess> {
  const { plan, status, endDate } = sub;
  return {
    valid: true,
    code: "VALID",
    plan,
    status,
    endDate: toIso(endDate),
    timeRemaining: timeRemaining(endDate, now),
    linkedRobloxAccountId: linked,
    lease: await leases.leaseFor({ pluginKey: key, robloxUserId: linked, plan, status, endDate, nonce }, now),
  };
}
