import { t, type Static } from "./type-system";
import { MessageAnswer, typedEmailField } from "./common";

export const ProductKeyModel = {
  // An address, not any text: a value that isn't one is refused (422) before it reaches a rate-limit bucket.
  resendBody: t.Object({ email: typedEmailField }),
  message: MessageAnswer,
};

export type KeyResendBody = Static<typeof ProductKeyModel.resendBody>;
export type KeyResendResponse = Static<typeof ProductKeyModel.message>;
