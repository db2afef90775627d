/**
 * The owner's reset cooldown (docs/plugin-api.md#the-linked-account): the owner may unlink the Roblox account of their own key
 * once per LINK_RESET_COOLDOWN_HOURS, whether by resetting the link or by freeing seat 1, which is the same key.
 */
import { AppError } from "../../lib/errors";
import { HOUR } from "../../lib/clock";
import { fillSentence } from "@shared/sentence";

/** The cooldown's sentence; the answer carries `minutes` beside it. */
const COOLDOWN = "You can reset the linked account again in about {minutes} min.";

/** Milliseconds left before the owner may unlink again; 0 when it is allowed now. */
export function resetCooldownRemaining(cooldownHours: number, lastLinkResetAt: number | null, now: number): number {
  if (lastLinkResetAt === null) return 0;
  return Math.max(0, lastLinkResetAt + cooldownHours * HOUR - now);
}

/** 429 COOLDOWN_ACTIVE with remainingMs (and the whole minutes its sentence names) while the owner's cooldown runs. */
export function assertResetAllowed(cooldownHours: number, lastLinkResetAt: number | null, now: number): void {
  const remainingMs = resetCooldownRemaining(cooldownHours, lastLinkResetAt, now);
  if (remainingMs === 0) return;
  const minutes = Math.ceil(remainingMs / 60_000);
  throw new AppError(429, "COOLDOWN_ACTIVE", fillSentence(COOLDOWN, { minutes }), { remainingMs, minutes });
}
