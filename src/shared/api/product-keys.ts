import { t, type Static } from "./type-system";

export const ProductKeyModel = {
  // Any string: a malformed address gets the same answer as every other (nothing is sent to it).
  resendBody: t.Object({ email: t.String({ maxLength: 1024, error: "email is required." }) }),
  message: t.Object({ message: t.String() }),
};

export type KeyResendBody = Static<typeof ProductKeyModel.resendBody>;
export type KeyResendResponse = Static<typeof ProductKeyModel.message>;
