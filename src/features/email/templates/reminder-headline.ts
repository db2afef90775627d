import { PRODUCT_NAME } from "@shared/product";
import type { ReminderKind } from "@shared/reminders";

/** A renewal reminder's subject line and first sentence. */
export function reminderHeadline(kind: ReminderKind): string {
  if (kind === "7-days") return `Your ${PRODUCT_NAME} access ends in 7 days`;
  if (kind === "1-day") return `Your ${PRODUCT_NAME} access ends tomorrow`;
  return `Your ${PRODUCT_NAME} access has ended`;
}
