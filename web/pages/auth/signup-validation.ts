import { MIN_PASSWORD_LENGTH, PRODUCT_KEY_LENGTH } from "@shared/product";

export interface SignupFields {
  productKey: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignupErrors = Partial<Record<keyof SignupFields, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up form's rules; the mismatch message is shown by the form itself as soon as both are filled. */
export function validateSignup({ productKey, email, password, confirmPassword }: SignupFields): SignupErrors {
  const errors: SignupErrors = {};
  if (!productKey) errors.productKey = "Product key is required";
  else if (productKey.length !== PRODUCT_KEY_LENGTH)
    errors.productKey = `A product key has ${PRODUCT_KEY_LENGTH} letters and digits`;
  if (!email.trim()) errors.email = "Email is required";
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = "Enter a valid email address";
  if (!password) errors.password = "Password is required";
  else if (password.length < MIN_PASSWORD_LENGTH)
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (!confirmPassword) errors.confirmPassword = "Please confirm your password";
  else if (confirmPassword.length < MIN_PASSWORD_LENGTH)
    errors.confirmPassword = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return errors;
}
