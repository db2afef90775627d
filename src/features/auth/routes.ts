import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { perBody, perIp, rateLimits } from "../../http/rate-limits";
import { failures, jsonBodyFailures } from "@shared/api/common";
import { normaliseEmail } from "../users/service";
import { authGuard } from "../../http/guard";
import { AuthModel } from "@shared/api/auth";
import { passwordResetRoutes } from "./password-reset-routes";
import { login, meResponse, sessionResponse, signup } from "./service";
import { answerLanguage } from "../../http/answer-language";

type Login = { email: string };

const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a minute and try again.";

export function authRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/auth", tags: ["Auth"] })
    .use(authGuard(deps))
    .use(rateLimits(deps))
    .use(passwordResetRoutes(deps))
    .post(
      "/signup",
      async ({ body, request }) => sessionResponse(deps, await signup(deps, body, answerLanguage(request))),
      {
        rateLimit: [perIp("signup", RATE_RULES.signup)],
        body: AuthModel.signupBody,
        response: { 200: AuthModel.session, ...jsonBodyFailures, ...failures(409) },
        detail: {
          summary: "Create an account with a product key",
          description:
            "The key from the purchase e-mail (12 letters and digits) starts the subscription. A key that doesn't exist is a 400 (INVALID_PRODUCT_KEY); a used key, a key on hold or an e-mail that already has an account is a 409. The answer signs the new account in.",
        },
      },
    )
    .post(
      "/login",
      async ({ body }) => {
        const user = await login(deps, body.email, body.password);
        // Read before this sign-in marked the account seen. Sign-up already signs a buyer in, so only an account
        // made another way (an admin from the command line or the first start) can be new here.
        const firstSignIn = user.isAdmin && user.lastSeenAt === null;
        return { ...(await sessionResponse(deps, user, body.rememberMe === true)), firstSignIn };
      },
      {
        rateLimit: [
          perIp("login", RATE_RULES.login, TOO_MANY_SIGN_INS),
          perBody<Login>(
            "login",
            RATE_RULES.login,
            (b, ip) => ({ email: normaliseEmail(b.email), ip }),
            TOO_MANY_SIGN_INS,
          ),
          perBody<Login>(
            "login",
            RATE_RULES.loginPerAccount,
            (b) => ({ email: normaliseEmail(b.email) }),
            "Too many sign-in attempts for this account. Please wait a minute and try again.",
          ),
        ],
        body: AuthModel.loginBody,
        response: { 200: AuthModel.login, ...jsonBodyFailures, ...failures(401) },
        detail: {
          summary: "Sign in",
          description:
            "A wrong e-mail or password is the same 401. With `rememberMe` the token lasts longer. Attempts are limited per IP address and per account (429).",
        },
      },
    )
    .get("/me", ({ user }) => meResponse(deps, user), {
      signedIn: true,
      response: { 200: AuthModel.me },
      detail: { summary: "The signed-in user and their subscription" },
    });
}
