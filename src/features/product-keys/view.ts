/** A product key as the admin panel shows it (ISO times). */
import type { ProductKey } from "../../db/schema";
import { toIso } from "../../lib/clock";
import type { ProductKeyView } from "@shared/api/admin";

export function productKeyView(row: ProductKey): ProductKeyView {
  return {
    _id: row.id,
    key: row.key,
    plan: row.plan,
    isUsed: row.isUsed,
    source: row.source,
    usedAt: toIso(row.usedAt),
    createdAt: toIso(row.createdAt)!,
  };
}
