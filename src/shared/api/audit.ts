import { t, type Static } from "./type-system";
import { AUDIT_ACTION_NAMES } from "../audit-actions";
import { Int, IsoDate, oneOf } from "./common";

const entry = t.Object({
  _id: Int(),
  actorUserId: t.Nullable(Int()),
  actorEmail: t.Nullable(t.String({ description: "The admin's or buyer's address; null for the system" })),
  actorRole: oneOf(["admin", "buyer", "deleted", "system"], {
    description:
      "admin; buyer (on their own account, or by the refund link without one); deleted (an account since deleted); system (the payment provider, schedules)",
  }),
  action: oneOf(AUDIT_ACTION_NAMES),
  subject: t.Nullable(t.String()),
  detail: t.Nullable(t.String({ description: "JSON or a sentence" })),
  createdAt: IsoDate,
});

export const AuditModel = { entry, entries: t.Array(entry) };

export type AuditEntryView = Static<typeof AuditModel.entry>;
