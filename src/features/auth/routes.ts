import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { normaliseEmail } from "../users/service";
import { authGuard } from "./guard";
import { AuthModel } from "./model";
import { passwordResetRoutes } from "./password-reset-routes";
import { login, meResponse, sessionResponse, signup } from "./service";

export function authRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/auth" })
    .use(authGuard(deps))
    .use(passwordResetRoutes(deps))
    .post("/signup", async ({ body, request, server }) => {
      deps.limiter.take(`signup:${clientIp(deps, request, server)}`, RATE_RULES.signup);
      const user = await signup(deps, body);
      return sessionResponse(deps, user);
    }, { body: AuthModel.signupBody })
    .post("/login", async ({ body, request, server }) => {
      const ip = clientIp(deps, request, server);
      deps.limiter.take(`login:${ip}`, RATE_RULES.login, "Too many sign-in attempts. Please wait a minute and try again.");
      deps.limiter.take(`login:${normaliseEmail(body.email)}:${ip}`, RATE_RULES.login, "Too many sign-in attempts. Please wait a minute and try again.");
      deps.limiter.take(`login:${normaliseEmail(body.email)}`, RATE_RULES.loginPerAccount, "Too many sign-in attempts for this account. Please wait a minute and try again.");
      const user = await login(deps, body.email, body.password);
      return sessionResponse(deps, user, body.rememberMe === true);
    }, { body: AuthModel.loginBody })
    .get("/me", ({ user }) => meResponse(deps, user), { signedIn: true });
}
