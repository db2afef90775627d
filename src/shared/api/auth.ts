import { t, type Static } from "./type-system";
import { MIN_PASSWORD_LENGTH } from "../product";
import { emailField, MessageAnswer, typedEmailField } from "./common";
import { UserModel } from "./users";
import { SubscriptionModel } from "./subscriptions";

const password = t.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: 200,
  error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
});

/** GET /api/auth/me: the signed-in user and their subscription (null without one). */
const me = t.Object({ user: UserModel.publicUser, subscription: t.Nullable(SubscriptionModel.view) });

export const AuthModel = {
  signupBody: t.Object({
    email: emailField,
    password,
    confirmPassword: password,
    productKey: t.String({ minLength: 1, maxLength: 64, error: "Product key is required." }),
  }),
  loginBody: t.Object({
    // An address, not any text: a value that isn't one is refused before it reaches a rate-limit bucket.
    email: typedEmailField,
    password: t.String({ minLength: 1, maxLength: 200, error: "Password is required." }),
    rememberMe: t.Optional(t.Boolean()),
  }),
  forgotPasswordBody: t.Object({ email: emailField }),
  resetPasswordBody: t.Object({
    token: t.String({
      minLength: 1,
      maxLength: 200,
      error: "The reset link is incomplete. Please open it again from the e-mail.",
    }),
    password,
  }),
  me,
  /** Signup and login: `me` plus the session token. */
  session: t.Object({ token: t.String({ description: "Send as Authorization: Bearer <token>" }), ...me.properties }),
  /** Login: the session, and whether this account never signed in before (the greeting says "Welcome", not "back"). */
  login: t.Object({
    token: t.String({ description: "Send as Authorization: Bearer <token>" }),
    ...me.properties,
    firstSignIn: t.Boolean({
      description: "True for an admin account (made from the command line or at first start) never used before",
    }),
  }),
  /** Forgot and reset password answer one sentence for the person. */
  message: MessageAnswer,
};

export type SignupBody = Static<typeof AuthModel.signupBody>;
export type LoginBody = Static<typeof AuthModel.loginBody>;
export type ResetPasswordBody = Static<typeof AuthModel.resetPasswordBody>;
export type MeResponse = Static<typeof AuthModel.me>;
export type AuthResponse = Static<typeof AuthModel.session>;
export type LoginResponse = Static<typeof AuthModel.login>;
export type MessageResponse = Static<typeof AuthModel.message>;
