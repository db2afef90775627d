/**
 * An audit entry's detail in words. Details are JSON objects (or a sentence, shown as it is): a change is
 * `{ before, after }` and reads as what changed, "Price: $6.99 → $7.99"; anything else as "name: value" pairs.
 */
import type { AuditAction } from "@shared/audit-actions";
import { formatMoney } from "./format";

type Fields = Record<string, unknown>;

/** The fields of a plan's price change (plan.update), by name: its label and how a value reads. */
const PLAN_FIELDS: Record<string, { label: string; show: (value: unknown) => string }> = {
  price: { label: "Price", show: (cents) => (typeof cents === "number" ? formatMoney(cents / 100) : "none") },
  compareAt: {
    label: '"Was" price',
    show: (cents) => (typeof cents === "number" ? formatMoney(cents / 100) : "none"),
  },
  badge: { label: "Badge", show: (badge) => (typeof badge === "string" && badge ? `"${badge}"` : "none") },
  visible: { label: "Offered", show: (visible) => (visible ? "yes" : "no") },
};

const isFields = (value: unknown): value is Fields =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** "Price: $6.99 → $7.99; Badge: "30% OFF!" → none": only what changed. */
function describeChange(action: AuditAction, before: Fields, after: Fields): string {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = names.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  if (!changed.length) return "Saved with no change";
  return changed
    .map((name) => {
      const field = action === "plan.update" ? PLAN_FIELDS[name] : undefined;
      const show = field?.show ?? plain;
      return `${field?.label ?? name}: ${show(before[name])} → ${show(after[name])}`;
    })
    .join("; ");
}

export function describeAuditDetail(action: AuditAction, detail: string | null): string {
  if (!detail) return "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return detail; // A sentence.
  }
  if (!isFields(parsed)) return detail;
  if (isFields(parsed.before) && isFields(parsed.after)) return describeChange(action, parsed.before, parsed.after);
  return Object.entries(parsed)
    .filter(([, value]) => !Array.isArray(value))
    .map(([name, value]) => `${name}: ${plain(value)}`)
    .join(", ");
}
