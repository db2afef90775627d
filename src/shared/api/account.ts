/**
 * The account's own rights (Settings): change password, change e-mail, export and delete.
 * Route schemas, shared by the server's routes and the SPA's types.
 */
import { t, type Static } from "./type-system";
import { MIN_PASSWORD_LENGTH } from "../product";
import { emailField, IsoDate, MessageAnswer } from "./common";

const currentPassword = t.String({ minLength: 1, maxLength: 200, error: "Please enter your current password." });

const pendingEmailChange = t.Object({
  pending: t.Nullable(
    t.Object({
      newEmail: t.String(),
      expiresAt: IsoDate,
    }),
    { description: "The change waiting for its link to be followed; null when none is" },
  ),
});

const lastBillingDetails = t.Object({
  details: t.Nullable(
    t.Object({
      country: t.Nullable(t.String()),
      postalCode: t.Nullable(t.String()),
      taxId: t.Nullable(t.String()),
      companyName: t.Nullable(t.String()),
      companyAddress: t.Nullable(t.String()),
    }),
    { description: "As given at checkout for the account's own last paid purchase; null before its first" },
  ),
});

export const AccountModel = {
  pendingEmailChange,
  lastBillingDetails,
  changePasswordBody: t.Object({
    currentPassword,
    newPassword: t.String({
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: 200,
      error: `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
    }),
  }),
  /** The session that changed the password goes on with this token; every other session has ended. */
  changePasswordAnswer: t.Object({
    token: t.String({ description: "The new session token; send it as Authorization: Bearer <token>" }),
    message: t.String(),
  }),
  changeEmailBody: t.Object({
    newEmail: emailField,
    password: currentPassword,
  }),
  confirmEmailBody: t.Object({
    token: t.String({
      minLength: 1,
      maxLength: 200,
      error: "The confirmation link is incomplete. Please open it again from the e-mail.",
    }),
  }),
  confirmEmailAnswer: t.Object({ email: t.String(), message: t.String() }),
  deleteBody: t.Object({ password: currentPassword }),
  /** GET /api/account/export: a download; its sections are described here, their rows as stored. */
  exportFile: t.Object({
    exportedAt: t.String(),
    about: t.String(),
    account: t.Object({ id: t.Integer(), email: t.String() }, { additionalProperties: true }),
    settings: t.Record(t.String(), t.Unknown()),
    subscription: t.Unknown({ description: "The subscription, or null" }),
    addressConfirmed: t.Boolean({
      description: "Until the address is confirmed, what is matched by address alone (tickets, e-mails) is left out",
    }),
    seats: t.Array(t.Record(t.String(), t.Unknown()), {
      description:
        "The licence's seats: each one's number, label, key, linked Roblox account and when it ended, if it did",
    }),
    purchases: t.Array(t.Record(t.String(), t.Unknown()), {
      description: "Each with its invoice number, credit notes, tax, billing country and promotion code",
    }),
    refundRequests: t.Array(t.Record(t.String(), t.Unknown()), {
      description: "Refunds asked for under the guarantee",
    }),
    promotionCodesUsed: t.Array(t.Record(t.String(), t.Unknown()), {
      description: "Codes entered at checkout, and whether the payment went through",
    }),
    supportTickets: t.Array(t.Record(t.String(), t.Unknown())),
    review: t.Unknown({ description: "The account's review, or null" }),
    emailsSent: t.Array(t.Record(t.String(), t.Unknown()), {
      description: "Which e-mails went to the address (not their contents)",
    }),
    auditEntries: t.Array(t.Record(t.String(), t.Unknown())),
  }),
  message: MessageAnswer,
};

export type ChangePasswordBody = Static<typeof AccountModel.changePasswordBody>;
export type ChangePasswordAnswer = Static<typeof AccountModel.changePasswordAnswer>;
export type ChangeEmailBody = Static<typeof AccountModel.changeEmailBody>;
export type ConfirmEmailAnswer = Static<typeof AccountModel.confirmEmailAnswer>;
export type AccountMessage = Static<typeof AccountModel.message>;
export type PendingEmailChange = Static<typeof AccountModel.pendingEmailChange>;
export type LastBillingDetails = Static<typeof AccountModel.lastBillingDetails>;
