/** The account's own rights, from Settings: change password, change e-mail, export, delete. */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { failures, idParams, jsonBodyFailures, RateLimitedError } from "../../shared/api/common";
import { PurchasesModel, RefundLinkModel, RefundRequestModel } from "../../shared/api/purchases";
import { refundByLink, refundLinkView } from "./refund-link";
import { accountSales } from "./purchases";
import { purchaseView } from "./purchase-view";
import { decideRefundRequest, requestSelfRefund } from "./self-refund";
import { listRefundRequests, refundRequestById } from "./refund-requests";
import { AccountModel } from "../../shared/api/account";
import { authGuard } from "../auth/guard";
import { changePassword } from "./password";
import { confirmEmailChange, requestEmailChange } from "./email-change";
import { exportAccount, exportFileName } from "./export";
import { deleteAccount } from "./delete";

const TOO_MANY_TRIES = "Too many tries with your password. Please wait a minute and try again.";

export function accountRoutes(deps: AppDeps) {
  const passwordTry = (userId: number) => deps.limiter.take("account-password", { user: userId }, RATE_RULES.accountPassword, TOO_MANY_TRIES);
  return new Elysia({ prefix: "/api/account", tags: ["Account"] })
    .use(authGuard(deps))
    .post("/password", ({ user, body }) => {
      passwordTry(user.id);
      return changePassword(deps, user, body.currentPassword, body.newPassword);
    }, {
      signedIn: true, body: AccountModel.changePasswordBody,
      response: { 200: AccountModel.changePasswordAnswer, ...jsonBodyFailures, ...failures(403, 409), 429: RateLimitedError },
      detail: { summary: "Change the password; every other session ends and this one gets a fresh token" },
    })
    .post("/email", ({ user, body }) => {
      passwordTry(user.id);
      return requestEmailChange(deps, user, body.newEmail, body.password);
    }, {
      signedIn: true, body: AccountModel.changeEmailBody,
      response: { 200: AccountModel.message, ...jsonBodyFailures, ...failures(403, 409), 429: RateLimitedError },
      detail: { summary: "Send a confirmation link to a new e-mail address" },
    })
    .post("/email/confirm", ({ body, request, server }) => {
      deps.limiter.take("email-confirm", { ip: clientIp(deps, request, server) }, RATE_RULES.passwordReset);
      return confirmEmailChange(deps, body.token);
    }, {
      body: AccountModel.confirmEmailBody,
      response: { 200: AccountModel.confirmEmailAnswer, ...jsonBodyFailures, ...failures(409), 429: RateLimitedError },
      detail: { summary: "Confirm a new e-mail address with the link's token" },
    })
    .get("/export", ({ user, set }) => {
      const now = deps.clock.now();
      set.headers["content-disposition"] = `attachment; filename="${exportFileName(user, now)}"`;
      set.headers["cache-control"] = "no-store";
      return exportAccount(deps, user);
    }, { signedIn: true, response: { 200: AccountModel.exportFile }, detail: { summary: "Download everything stored about the account as JSON" } })
    .get("/purchases", ({ user }) => {
      const now = deps.clock.now();
      return {
        purchases: accountSales(deps.db, user.id).map((purchase) => purchaseView(deps, purchase, now)),
        refundWindowDays: deps.config.refundWindowDays,
        selfServiceRefunds: deps.config.selfServiceRefunds,
      };
    }, { signedIn: true, response: { 200: PurchasesModel.list }, detail: { summary: "Every purchase tied to the account, with its key and refund offer" } })
    .post("/purchases/:id/refund", ({ user, params, request, server }) => {
      deps.limiter.take("self-refund", { user: user.id }, RATE_RULES.selfRefund, "Too many refund requests. Please wait a minute and try again.");
      deps.limiter.take("self-refund", { ip: clientIp(deps, request, server) }, RATE_RULES.selfRefund, "Too many refund requests. Please wait a minute and try again.");
      return requestSelfRefund(deps, user.id, params.id);
    }, {
      signedIn: true, params: idParams,
      response: { 200: PurchasesModel.refundAnswer, ...failures(404, 409, 422, 502), 429: RateLimitedError },
      detail: { summary: "Refund a purchase under the guarantee (auto), or ask the admins (request)" },
    })
    .delete("", async ({ user, body }) => {
      passwordTry(user.id);
      return deleteAccount(deps, user, body.password);
    }, {
      signedIn: true, body: AccountModel.deleteBody,
      response: { 200: AccountModel.message, ...jsonBodyFailures, ...failures(403, 409), 429: RateLimitedError },
      detail: { summary: "Delete the account; sales stay in the books with the e-mail replaced" },
    });
}

/** The admin panel's Refund requests: list, Approve, Decline. */
export function refundRequestRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin/refund-requests" })
    .use(authGuard(deps))
    .get("", () => listRefundRequests(deps.db), { admin: true, response: { 200: RefundRequestModel.list }, detail: { summary: "Buyers' refund requests, waiting ones first" } })
    .post("/:id/approve", async ({ user, params }) => {
      await decideRefundRequest(deps, user.id, params.id, true);
      return refundRequestById(deps.db, params.id);
    }, {
      admin: true, params: idParams, response: { 200: RefundRequestModel.view, ...failures(404, 409, 422, 502) },
      detail: { summary: "Approve a refund request: the refund is made now", description: "A request already decided is a 409. The buyer is told by e-mail." },
    })
    .post("/:id/decline", async ({ user, params }) => {
      await decideRefundRequest(deps, user.id, params.id, false);
      return refundRequestById(deps.db, params.id);
    }, {
      admin: true, params: idParams, response: { 200: RefundRequestModel.view, ...failures(404, 409, 422) },
      detail: { summary: "Decline a refund request", description: "A request already decided is a 409. The buyer is told by e-mail." },
    });
}

/** The product-key e-mail's refund link, for buyers without an account: no session, the key is the proof. */
export function refundLinkRoutes(deps: AppDeps) {
  const limit = (request: Request, server: Parameters<typeof clientIp>[2]) =>
    deps.limiter.take("refund-link", { ip: clientIp(deps, request, server) }, RATE_RULES.keyResend, "Too many tries. Please wait a minute and try again.");
  return new Elysia({ prefix: "/api/refund-link", tags: ["Account"] })
    .get("", ({ query, request, server }) => {
      limit(request, server);
      return refundLinkView(deps, query.key);
    }, {
      query: RefundLinkModel.query, response: { 200: RefundLinkModel.view, ...failures(404, 422), 429: RateLimitedError },
      detail: {
        summary: "The purchase behind a refund link, and whether it can be refunded",
        description: "For the refund link in the product-key e-mail; no account needed: the product key is the proof of purchase. A key already on an account is refunded from that account's purchases.",
      },
    })
    .post("", ({ body, request, server }) => {
      limit(request, server);
      return refundByLink(deps, body.key);
    }, {
      body: RefundLinkModel.body, response: { 200: RefundLinkModel.answer, ...jsonBodyFailures, ...failures(404, 409, 502), 429: RateLimitedError },
      detail: {
        summary: "Refund a purchase with its refund link",
        description: "Works while the key is unused and the purchase is inside the refund window; otherwise a 409 that says why.",
      },
    });
}
