/**
 * The setup guide's troubleshooting: one entry for every failure code POST /api/plugin/validate can
 * answer (src/shared/api/plugin-answers.ts; a test keeps the two in step), plus the two things the plugin
 * can meet that are not an answer of the call: the dashboard's reset cooldown and no answer at all.
 * Each says what the user sees, why, and what to do, in the page's language (`guide.trouble.…` messages).
 */
import { PRODUCT_NAME } from "./product";

export interface TroubleshootingEntry {
  /** The anchor on the guide (#id). */
  id: string;
  /** The validate call's code, or null for what is not one of its answers. */
  code: string | null;
  /**
   * What the user sees, as the heading. The words the plugin or the dashboard shows are marked <0>…</0>
   * (they are quoted as shown).
   */
  title: string;
  cause: string;
  /** What to do, in order. */
  fix: readonly string[];
}

/** A message of the page's language: the SPA's `useT()`, or the English catalogue. */
export type TroubleshootingText = (id: `guide.trouble.${string}`, values?: Record<string, string | number>) => string;

/** Each entry: its anchor, the validate call's code and how many steps its fix has. */
const ENTRIES: readonly { id: string; code: string | null; steps: number }[] = [
  { id: "subscription-expired", code: "SUBSCRIPTION_EXPIRED", steps: 2 },
  { id: "key-replaced", code: "INVALID_KEY", steps: 2 },
  { id: "seat-ended", code: "SEAT_ENDED", steps: 2 },
  { id: "another-account", code: "ACCOUNT_MISMATCH", steps: 2 },
  { id: "reset-cooldown", code: null, steps: 2 },
  { id: "subscription-on-hold", code: "SUBSCRIPTION_SUSPENDED", steps: 1 },
  { id: "too-many-checks", code: "RATE_LIMITED", steps: 1 },
  { id: "bad-request", code: "INVALID_REQUEST", steps: 2 },
  { id: "server-unreachable", code: null, steps: 3 },
];

export function troubleshootingEntries(text: TroubleshootingText): readonly TroubleshootingEntry[] {
  return ENTRIES.map(({ id, code, steps }) => {
    const say = (part: string) => text(`guide.trouble.${id}.${part}`, { product: PRODUCT_NAME });
    return {
      id,
      code,
      title: say("title"),
      cause: say("cause"),
      fix: Array.from({ length: steps }, (_, i) => say(`fix${i + 1}`)),
    };
  });
}
