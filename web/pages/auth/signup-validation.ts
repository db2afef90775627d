import { MIN_PASSWORD_LENGTH, PRODUCT_KEY_LENGTH } from "@shared/product";
import type { Translate } from "../../lib/language";

export interface SignupFields {
  productKey: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignupErrors = Partial<Record<keyof SignupFields, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up form's rules; the mismatch message is shown by the form itself as soon as both are filled. */
export function validateSignup(
  { productKey, email, password, confirmPassword }: SignupFields,
  t: Translate,
): SignupErrors {
  const tooShort = t("auth.passwordTooShort", { min: MIN_PASSWORD_LENGTH });
  const errors: SignupErrors = {};
  if (!productKey) errors.productKey = t("signup.keyRequired");
  else if (productKey.length !== PRODUCT_KEY_LENGTH)
    errors.productKey = t("signup.keyLength", { length: PRODUCT_KEY_LENGTH });
  if (!email.trim()) errors.email = t("auth.emailRequired");
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = t("signup.emailInvalid");
  if (!password) errors.password = t("auth.passwordRequired");
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = tooShort;
  if (!confirmPassword) errors.confirmPassword = t("signup.confirmRequired");
  else if (confirmPassword.length < MIN_PASSWORD_LENGTH) errors.confirmPassword = tooShort;
  return errors;
}
