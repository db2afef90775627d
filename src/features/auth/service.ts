/** Sign-up with a product key, and login (docs/architecture.md#accounts). */
import type { AppDeps } from "../../deps";
import { subscriptions, type User } from "../../db/schema";
import { AppError, badRequest } from "../../lib/errors";
import { hashPassword, timingDummyHash, verifyPassword } from "../../lib/passwords";
import { PLANS } from "@shared/plans";
import type { AuthResponse, MeResponse } from "@shared/api/auth";
import { assertKeyAvailable, claimProductKey } from "../product-keys/service";
import { planEndDate } from "../subscriptions/view";
import { ownerSubscriptionView, ownerSubscriptionViewAtHand } from "../subscriptions/service";
import { NOT_AT_HAND } from "../../db/prepared";
import { assertEmailFree, findUserByEmail, insertUser, publicUser, touchLastSeen } from "../users/service";
import { signSessionToken } from "../../lib/session-token";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { toIso } from "../../lib/clock";
import { queueAddressConfirmation } from "./address-confirmation";
import { announceAccount } from "../webhooks/events";

const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

export interface SignupInput {
  email: string;
  password: string;
  confirmPassword: string;
  productKey: string;
}

/**
 * Creates the account and its subscription and uses the key, all in one transaction: the key is
 * claimed with UPDATE … WHERE is_used = false, so of many racing sign-ups with one key exactly one succeeds;
 * the address is unique, so of racing sign-ups with one address exactly one makes an account.
 */
/**
 * `language` is the sign-up page's (its request's): the new account's language, which its e-mails are written in.
 */
export async function signup(
  deps: AppDeps,
  input: SignupInput,
  language: SiteLanguage = DEFAULT_LANGUAGE,
): Promise<User> {
  if (input.password !== input.confirmPassword) throw badRequest("PASSWORD_MISMATCH", "Passwords don't match");
  // Cheap checks first, so a bad key or e-mail costs no password hash.
  await assertKeyAvailable(deps.db, input.productKey);
  await assertEmailFree(deps.db, input.email);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await assertEmailFree(tx, input.email);
    const user = await insertUser(tx, { email: input.email, passwordHash, language }, now);
    await announceAccount(tx, "account.created", user, now);
    const key = await claimProductKey(tx, input.productKey, user.id, now);
    const endDate = planEndDate(PLANS[key.plan].days, now);
    await tx
      .insert(subscriptions)
      .values({ userId: user.id, plan: key.plan, status: "active", startDate: now, endDate });
    await queueEmail(
      tx,
      {
        to: user.email,
        userId: user.id,
        template: "welcome",
        payload: { planName: PLANS[key.plan].name, endDate: toIso(endDate), language: accountLanguage(user) },
      },
      now,
    );
    // Signing in works at once and the key is the account's; what else the address holds waits for this link.
    await queueAddressConfirmation(tx, deps.config.appUrl, user, now);
    return user;
  });
}

/** The same 401 for an unknown e-mail and a wrong password, after the same amount of work. */
export async function login(deps: AppDeps, email: string, password: string): Promise<User> {
  const user = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !ok) throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
  await touchLastSeen(deps.db, user, deps.clock.now());
  return user;
}

/** The signed-in user and their subscription: at once when the subscription's row is at hand. */
export function meResponse(deps: AppDeps, user: User): MeResponse | Promise<MeResponse> {
  const now = deps.clock.now();
  const atHand = ownerSubscriptionViewAtHand(deps.db, user.id, now);
  if (atHand !== NOT_AT_HAND) return { user: publicUser(user), subscription: atHand };
  return ownerSubscriptionView(deps.db, user.id, now).then((subscription) => ({
    user: publicUser(user),
    subscription,
  }));
}

export async function sessionResponse(deps: AppDeps, user: User, rememberMe = false): Promise<AuthResponse> {
  const token = await signSessionToken(
    deps.jwtSecret,
    { userId: user.id, tokenVersion: user.tokenVersion },
    deps.clock.now(),
    rememberMe,
  );
  return { token, ...(await meResponse(deps, user)) };
}
