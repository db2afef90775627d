/**
 * POST /api/plugin/validate: the one call the plugin makes (docs/architecture.md#plugin-key-and-validation). Every answer carries
 * `valid` and a stable `code`; a valid one also carries a signed lease (features/leases). Hot path: a key
 * that is already linked costs two kept reads (a seat's key three: no account has it, its seat, the licence),
 * no write (lastSeenAt is written at most once a minute) and no promise, and the lease sent last time is sent
 * again while it is fresh.
 */
import { and, eq, isNull } from "drizzle-orm";
import { t } from "elysia";
import { TypeCompiler } from "elysia/type-system";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { NOT_AT_HAND } from "../../db/prepared";
import { seats, users, type Seat, type Subscription, type User } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { HOUR, toIso } from "../../lib/clock";
import { RATE_RULES } from "../../lib/rate-limit";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";
import { pageUrl } from "../email/templates/links";
import {
  findUserByPluginKey,
  getSubscription,
  pluginKeyOwnerAtHand,
  seenLately,
  subscriptionAtHand,
  touchLastSeen,
} from "../users/service";
import { effectiveStatus, timeRemaining } from "../subscriptions/view";
import { PLUGIN_ANSWERS } from "@shared/api/plugin-answers";
import { pluginFailure } from "./failure";
import { PluginModel, type PluginValidateSuccess } from "@shared/api/plugin";
import type { LeaseIssuer } from "../leases/issuer";
import {
  findSeatByKey,
  linkSeat,
  ownKeyValidatedLately,
  seatByKeyAtHand,
  seatValidatedLately,
  touchOwnKeyValidated,
  touchSeatValidated,
} from "../seats/validation";

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

/**
 * Per IP and per key: a leaked key can't be hammered from many addresses, nor one address try many keys.
 * Decided at once in memory (SQLite), so nothing is waited for there; a promise on PostgreSQL.
 */
export function limitValidation(deps: AppDeps, ip: string, key: string): void | Promise<void> {
  let taken: void | Promise<void>;
  try {
    // One statement for both on PostgreSQL: validate is the hottest call, and a round trip is most of a take.
    taken = deps.limiter.takeEach(
      "plugin",
      [{ ip }, { key }],
      RATE_RULES.pluginValidate,
      PLUGIN_ANSWERS.rateLimited.message,
    );
  } catch (error) {
    throw asPluginFailure(error);
  }
  if (taken instanceof Promise)
    return taken.catch((error: unknown) => {
      throw asPluginFailure(error);
    });
}

/** The limiter's 429 in the plugin's shape; anything else as it is. */
function asPluginFailure(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return pluginFailure("rateLimited", error.extra, error.headers);
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
        dashboardUrl: pageUrl(deps.config.appUrl, accountLanguage(owner), "/dashboard"),
        language: accountLanguage(owner),
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

/** The rate limits taken, then the key validated: no promise on SQLite's hot path, so none is made. */
export function limitAndValidate(
  deps: AppDeps,
  leases: LeaseIssuer,
  ip: string,
  input: ValidateInput,
): PluginValidateSuccess | Promise<PluginValidateSuccess> {
  const limited = limitValidation(deps, ip, input.key);
  if (limited) return limited.then(() => validatePluginKey(deps, leases, input));
  return validatePluginKey(deps, leases, input);
}

/**
 * A valid answer, or the failure thrown. The hot path (`validateAtHand`) answers without a promise; any other
 * call goes the whole way (`validateFully`), with the same answers and failures.
 */
export function validatePluginKey(
  deps: AppDeps,
  leases: LeaseIssuer,
  input: ValidateInput,
): PluginValidateSuccess | Promise<PluginValidateSuccess> {
  const now = deps.clock.now();
  return validateAtHand(deps, leases, input, now) ?? validateFully(deps, leases, input, now);
}

/**
 * The hot path, with nothing to wait for: the account's own key or a seat's, linked to this Roblox account already, its
 * rows at hand (always on SQLite, while kept on PostgreSQL: src/db/prepared.ts), nothing to write (seen and
 * validated within the minute) and the lease keys loaded (the lease kept, or signed at once: a `nonce` call
 * too). Each `await` of the whole way costs a trip through the
 * microtask queue, which together were about a quarter of the call. Undefined when any of that is not so.
 */
function validateAtHand(
  deps: AppDeps,
  leases: LeaseIssuer,
  input: ValidateInput,
  now: number,
): PluginValidateSuccess | undefined {
  const owner = pluginKeyOwnerAtHand(deps.db, input.key);
  if (owner === NOT_AT_HAND) return undefined;
  // No account's own key: a seat's, on the same terms.
  if (!owner) return seatKeyAtHand(deps, leases, input, now);
  if (owner.linkedRobloxAccountId !== input.robloxUserId) return undefined;
  if (!seenLately(deps.db, owner, now) || !ownKeyValidatedLately(deps.db, owner, now)) return undefined;
  return licensedAtHand(deps, leases, owner.id, input, now);
}

/** A seat's key on the hot path: its seat at hand, running, linked to this Roblox account, validated within the minute. */
function seatKeyAtHand(
  deps: AppDeps,
  leases: LeaseIssuer,
  input: ValidateInput,
  now: number,
): PluginValidateSuccess | undefined {
  const seat = seatByKeyAtHand(deps.db, input.key);
  if (seat === NOT_AT_HAND || !seat || seat.endedAt !== null) return undefined;
  if (seat.linkedRobloxAccountId !== input.robloxUserId || !seatValidatedLately(deps.db, seat, now)) return undefined;
  return licensedAtHand(deps, leases, seat.userId, input, now);
}

/** The licence's subscription at hand and the lease kept or signed at once: the answer, else undefined. */
function licensedAtHand(
  deps: AppDeps,
  leases: LeaseIssuer,
  userId: number,
  { key, robloxUserId, nonce }: ValidateInput,
  now: number,
): PluginValidateSuccess | undefined {
  const sub = subscriptionAtHand(deps.db, userId);
  if (sub === NOT_AT_HAND) return undefined;
  const licence = runningLicence(sub, now);
  const lease = leases.leaseAtHand({ pluginKey: key, robloxUserId, ...licence, nonce }, now);
  return lease === undefined ? undefined : validAnswer(licence, robloxUserId, lease, now);
}

async function validateFully(
  deps: AppDeps,
  leases: LeaseIssuer,
  { key, robloxUserId, nonce }: ValidateInput,
  now: number,
): Promise<PluginValidateSuccess> {
  const owner = await findUserByPluginKey(deps.db, key);
  // Not an account's own key: maybe a seat's (docs/accounts.md#seats), looked up only now.
  if (!owner) return validateSeatKey(deps, leases, { key, robloxUserId, nonce }, now);
  await touchLastSeen(deps.db, owner, now);
  const licence = runningLicence(await getSubscription(deps.db, owner.id), now);

  let linked = owner.linkedRobloxAccountId;
  if (linked !== robloxUserId) {
    const outcome = await linkOrMismatch(deps, owner, robloxUserId, now);
    if ("mismatch" in outcome) throw pluginFailure("accountMismatch");
    linked = outcome.linked;
  }
  await touchOwnKeyValidated(deps.db, owner, now);
  return signedAnswer(leases, licence, { key, linked: linked!, nonce }, now);
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
  const licence = runningLicence(await getSubscription(deps.db, seat.userId), now);
  if (!(await linkSeatOrMismatch(deps, seat, robloxUserId, now))) throw pluginFailure("accountMismatch");
  await touchSeatValidated(deps.db, seat, now);
  return signedAnswer(leases, licence, { key, linked: robloxUserId, nonce }, now);
}

/** What the licence's subscription grants while it runs; SUBSCRIPTION_EXPIRED or _SUSPENDED otherwise. */
function runningLicence(sub: Subscription | undefined, now: number) {
  const status = sub ? effectiveStatus(sub, now) : "expired";
  if (!sub || status === "expired") throw pluginFailure("expired");
  if (status === "suspended") throw pluginFailure("suspended");
  return { plan: sub.plan, status, endDate: sub.endDate };
}

type Licence = ReturnType<typeof runningLicence>;

async function signedAnswer(
  leases: LeaseIssuer,
  licence: Licence,
  { key, linked, nonce }: { key: string; linked: string; nonce: string | undefined },
  now: number,
): Promise<PluginValidateSuccess> {
  const lease = await leases.leaseFor({ pluginKey: key, robloxUserId: linked, ...licence, nonce }, now);
  return validAnswer(licence, linked, lease, now);
}

function validAnswer(
  { plan, status, endDate }: Licence,
  linked: string,
  lease: string,
  now: number,
): PluginValidateSuccess {
  return {
    valid: true,
    code: "VALID",
    plan,
    status,
    endDate: toIso(endDate),
    timeRemaining: timeRemaining(endDate, now),
    linkedRobloxAccountId: linked,
    lease,
  };
}
