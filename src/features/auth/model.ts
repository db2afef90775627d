import { t } from "elysia";
import { MIN_PASSWORD_LENGTH } from "../../shared/product";

const email = t.String({ format: "email", maxLength: 254, error: "Please enter a valid email address." });
const password = t.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: 200,
  error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
});

export const AuthModel = {
  signupBody: t.Object({
    email,
    password,
    confirmPassword: password,
    productKey: t.String({ minLength: 1, maxLength: 64, error: "Product key is required." }),
  }),
  loginBody: t.Object({
    email: t.String({ minLength: 1, maxLength: 254, error: "Email is required." }),
    password: t.String({ minLength: 1, maxLength: 200, error: "Password is required." }),
    rememberMe: t.Optional(t.Boolean()),
  }),
};
