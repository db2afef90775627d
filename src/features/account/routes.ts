/** The account's own rights, from Settings: change password, change e-mail, export, delete; and its purchases. */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { failures, jsonBodyFailures, RateLimitedError } from "@shared/api/common";
import { PurchasesModel } from "@shared/api/purchases";
import { accountSales } from "../purchases/service";
import { purchaseView } from "../purchases/view";
import { purchaseSaid } from "../refunds/answer-words";
import { sentencesFor } from "../../http/answer-language";
import { AccountModel } from "@shared/api/account";
import { authGuard } from "../../http/guard";
import { perIp, perUser, rateLimits } from "../../http/rate-limits";
import { changePassword } from "./password";
import { cancelEmailChange, confirmEmailChange, pendingEmailChange, requestEmailChange } from "./email-change";
import { confirmAddress, resendAddressConfirmation } from "../auth/address-confirmation";
import { exportAccount, exportFileName } from "./export";
import { deleteAccount } from "./delete";
import { lastBillingDetails } from "./billing-details";

const TOO_MANY_TRIES = "Too many tries with your password. Please wait a minute and try again.";

/** One part of the account's routes: its prefix, its tag and the guard's macros. */
const accountPart = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/account", tags: ["Account"] }).use(authGuard(deps)).use(rateLimits(deps));

const passwordTries = perUser("account-password", RATE_RULES.accountPassword, TOO_MANY_TRIES);

/** The parts in the order their routes were always registered in (the API reference lists them so). */
export function accountRoutes(deps: AppDeps) {
  return new Elysia()
    .use(credentialRoutes(deps))
    .use(billingDetailsRoutes(deps))
    .use(confirmationLinkRoutes(deps))
    .use(accountDataRoutes(deps));
}

/** Changing the password or the e-mail address: each asks for the password, tries limited per account. */
function credentialRoutes(deps: AppDeps) {
  return accountPart(deps)
    .post("/password", ({ user, body }) => changePassword(deps, user, body.currentPassword, body.newPassword), {
      signedIn: true,
      rateLimit: [passwordTries],
      body: AccountModel.changePasswordBody,
      response: {
        200: AccountModel.changePasswordAnswer,
        ...jsonBodyFailures,
        ...failures(403, 409),
      },
      detail: { summary: "Change the password; every other session ends and this one gets a fresh token" },
    })
    .post("/email", ({ user, body }) => requestEmailChange(deps, user, body.newEmail, body.password), {
      signedIn: true,
      rateLimit: [passwordTries],
      body: AccountModel.changeEmailBody,
      response: { 200: AccountModel.message, ...jsonBodyFailures, ...failures(403, 409) },
      detail: { summary: "Send a confirmation link to a new e-mail address" },
    })
    .get("/email", ({ user }) => pendingEmailChange(deps, user.id), {
      signedIn: true,
      response: { 200: AccountModel.pendingEmailChange },
      detail: { summary: "The e-mail change waiting for its confirmation link, if any" },
    })
    .delete("/email", ({ user }) => cancelEmailChange(deps, user.id), {
      signedIn: true,
      response: { 200: AccountModel.pendingEmailChange },
      detail: { summary: "Cancel the e-mail change waiting for its link: the link stops working" },
    });
}

function billingDetailsRoutes(deps: AppDeps) {
  return accountPart(deps).get("/billing-details", ({ user }) => lastBillingDetails(deps.db, user.id), {
    signedIn: true,
    response: { 200: AccountModel.lastBillingDetails },
    detail: { summary: "The billing details of the account's own last purchase, to start a renewal from" },
  });
}

/** The links e-mailed to confirm an address: a new e-mail address, or the account's own at sign-up. */
function confirmationLinkRoutes(deps: AppDeps) {
  return accountPart(deps)
    .post("/email/confirm", ({ body }) => confirmEmailChange(deps, body.token), {
      rateLimit: [perIp("email-confirm", RATE_RULES.passwordReset)],
      body: AccountModel.confirmEmailBody,
      response: {
        200: AccountModel.confirmEmailAnswer,
        ...jsonBodyFailures,
        ...failures(409),
      },
      detail: { summary: "Confirm a new e-mail address with the link's token" },
    })
    .post("/confirm-address", ({ body }) => confirmAddress(deps, body.token), {
      rateLimit: [perIp("address-confirm", RATE_RULES.passwordReset)],
      body: AccountModel.confirmEmailBody,
      response: { 200: AccountModel.confirmEmailAnswer, ...jsonBodyFailures },
      detail: {
        summary: "Confirm the account's address with the link's token",
        description:
          "The link e-mailed at sign-up (or by the invitation, or sent again from the dashboard). Until it is followed, nothing is the account's because of its address alone.",
      },
    })
    .post("/confirm-address/resend", ({ user }) => resendAddressConfirmation(deps, user), {
      signedIn: true,
      // Limited in its service (per account, and per day in the database), so its 429 is declared here.
      response: { 200: AccountModel.message, ...failures(409), 429: RateLimitedError },
      detail: {
        summary: "Send the confirmation link to the account's address again",
        description: "409 ALREADY_CONFIRMED once confirmed. Limited per account (429).",
      },
    });
}

/** What the account holds: its data to download, its purchases, and deleting it. */
function accountDataRoutes(deps: AppDeps) {
  return accountPart(deps)
    .get(
      "/export",
      ({ user, set }) => {
        const now = deps.clock.now();
        set.headers["content-disposition"] = `attachment; filename="${exportFileName(user, now)}"`;
        set.headers["cache-control"] = "no-store";
        return exportAccount(deps, user);
      },
      {
        signedIn: true,
        response: { 200: AccountModel.exportFile },
        detail: { summary: "Download everything stored about the account as JSON" },
      },
    )
    .get(
      "/purchases",
      async ({ user, request }) => {
        const now = deps.clock.now();
        const views = (await accountSales(deps.db, user)).map((purchase) => purchaseView(deps, purchase, now));
        return {
          purchases: await Promise.all(views.map((view) => purchaseSaid(sentencesFor(request), view, deps.config))),
          refundWindowDays: deps.config.refundWindowDays,
          selfServiceRefunds: deps.config.selfServiceRefunds,
        };
      },
      {
        signedIn: true,
        response: { 200: PurchasesModel.list },
        detail: { summary: "Every purchase tied to the account, with its key and refund offer" },
      },
    )
    .delete("", ({ user, body }) => deleteAccount(deps, user, body.password), {
      signedIn: true,
      rateLimit: [passwordTries],
      body: AccountModel.deleteBody,
      response: { 200: AccountModel.message, ...jsonBodyFailures, ...failures(403, 409) },
      detail: { summary: "Delete the account; sales stay in the books with the e-mail replaced" },
    });
}
