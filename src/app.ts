/**
 * createApp(deps) composes one Elysia plugin per feature, the error model (docs/architecture.md#errors)
 * and the security headers (docs/architecture.md#security). Tests build it with a temp database, a fake clock and fake providers.
 */
import { Elysia, ValidationError, type AnyElysia } from "elysia";
import type { AppDeps } from "./deps";
import { AppError, notFound } from "./lib/errors";
import { BUN_BODY_CAP, checkBodyLength, MAX_BODY_BYTES } from "./http/body-limit";
import { failures } from "./shared/api/common";
import { authRoutes } from "./features/auth/routes";
import { healthRoutes } from "./features/health/routes";
import { siteRoutes } from "./features/site/routes";
import { BOOT_SCRIPT_HASH } from "./features/site/boot-script";
import { paymentRoutes } from "./features/checkout/routes";
import { paymentEventRoutes } from "./features/payment-events/routes";
import { productKeyRoutes } from "./features/product-keys/routes";
import { emailRoutes } from "./features/email/routes";
import { subscriptionRoutes } from "./features/subscriptions/routes";
import { pluginRoutes } from "./features/plugin/routes";
import { seatRoutes } from "./features/seats/routes";
import { createLeaseIssuer } from "./features/leases/issuer";
import { leaseRoutes } from "./features/leases/routes";
import { registerLeaseMetrics } from "./features/leases/metrics";
import { settingsRoutes } from "./features/settings/routes";
import { statsRoutes } from "./features/active-users/routes";
import { reviewRoutes } from "./features/reviews/routes";
import { robloxRoutes } from "./features/roblox/routes";
import { adminRoutes } from "./features/admin/routes";
import { adminTicketRoutes } from "./features/admin/ticket-routes";
import { pricingRoutes } from "./features/pricing/routes";
import { supportRoutes } from "./features/support/routes";
import { auditRoutes } from "./features/audit/routes";
import { invoiceRoutes } from "./features/invoices/routes";
import { accountRoutes } from "./features/account/routes";
import { refundRoutes } from "./features/refunds/routes";
import { legalRoutes } from "./features/legal/routes";
import { apiDocsRoutes } from "./features/api-docs/routes";
import { webhookRoutes } from "./features/webhooks/routes";
import { registerWebhookMetrics } from "./features/webhooks/metrics";
import { createMetrics } from "./features/observability/metrics";
import { metricsRoutes } from "./features/observability/routes";
import { clientIp } from "./http/client-ip";
import { beginRequest, finishRequest, noteError, requestId } from "./features/observability/request-log";
import { log } from "./lib/logger";
import { securityHeaderSets } from "./http/security-headers";
import { answerLanguage, translatedMessage } from "./http/answer-language";
import { DEFAULT_LANGUAGE } from "./shared/languages";

function json(
  request: Request,
  status: number,
  body: { error: string; message: string; [field: string]: unknown },
  headers: Record<string, string> = {},
) {
  noteError(request, status, body.error);
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

/** A readable sentence from Elysia's validation error: the schema's own `error` text when it has one. */
function validationMessage(error: ValidationError): string {
  const first = error.valueError;
  const custom = (first?.schema as { error?: unknown } | undefined)?.error;
  if (typeof custom === "string") return custom;
  if (!first) return "The request is not valid.";
  const field = first.path.replace(/^\//, "").replace(/\//g, ".");
  return field ? `Invalid ${field}: ${first.message}.` : `Invalid request: ${first.message}.`;
}

type FinishedRequest = Parameters<typeof finishRequest>[1];

/** The fallbacks for unknown API paths: not endpoints, so not in the OpenAPI document. */
const unknownApiPath = { response: failures(404), detail: { hide: true } };

type ErrorBody = { error: string; message: string; [field: string]: unknown };
/** `values`: what the sentence names beside the body's fields, to say it in another language. */
type ErrorReply = {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
  values?: Record<string, unknown>;
};

const SOMETHING_WENT_WRONG: ErrorReply = {
  status: 500,
  body: { error: "INTERNAL", message: "Something went wrong on our side. Please try again." },
};

/** What to answer for anything thrown while handling a request: `{error, message}` with its status. */
function errorReply({
  code,
  error,
  path,
  request,
}: {
  code: string | number;
  error: unknown;
  path: string;
  request: Request;
}): ErrorReply {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { error: error.code, message: error.message, ...error.extra },
      headers: error.headers,
      values: error.sentenceValues,
    };
  }
  // An answer that does not match its route's response schema is our bug, never the client's.
  if (error instanceof ValidationError && error.type === "response") {
    const first = error.valueError;
    log.error(
      { reqId: requestId(request), path, at: first?.path || "/", problem: first?.message },
      "an answer does not match its route's schema",
    );
    return SOMETHING_WENT_WRONG;
  }
  if (error instanceof ValidationError || code === "VALIDATION") {
    // A field whose schema names its own code (`errorCode`) answers with it: INVALID_SEATS rather than VALIDATION;
    // one whose sentence names a value (`errorValues`: a label's longest length) says it in every language.
    const schema = (error as ValidationError).valueError?.schema as
      | { errorCode?: unknown; errorValues?: Record<string, unknown> }
      | undefined;
    const errorCode = typeof schema?.errorCode === "string" ? schema.errorCode : "VALIDATION";
    const message = validationMessage(error as ValidationError);
    return { status: 422, body: { error: errorCode, message }, values: schema?.errorValues };
  }
  if (code === "PARSE")
    return { status: 400, body: { error: "BAD_REQUEST", message: "The request body is not valid JSON." } };
  if (code === "NOT_FOUND")
    return { status: 404, body: { error: "NOT_FOUND", message: `No API endpoint at ${path}.` } };
  log.error({ reqId: requestId(request), path, err: error }, "request failed");
  return SOMETHING_WENT_WRONG;
}

/**
 * The JSON answer for anything thrown while handling a request (docs/architecture.md#errors), carrying the
 * security headers of the request's URL, its sentence in the request's language (src/http/answer-language.ts).
 */
async function errorAnswer(
  thrown: Parameters<typeof errorReply>[0],
  headers: Record<string, string>,
): Promise<Response> {
  const { status, body, headers: own, values } = errorReply(thrown);
  const language = answerLanguage(thrown.request);
  const message =
    language === DEFAULT_LANGUAGE
      ? body.message
      : await translatedMessage(language, body.error, body.message, { ...values, ...body });
  return json(thrown.request, status, { ...body, message }, { ...headers, ...own });
}

export function createApp(deps: AppDeps) {
  // The header sets are built once: one copy per request, in the one request hook.
  const securityHeaders = securityHeaderSets(deps.config.env === "production", BOOT_SCRIPT_HASH);
  const metrics = createMetrics(deps);
  const leases = createLeaseIssuer(deps);
  metrics.addCollectors((registry, prom) => registerLeaseMetrics(registry, prom, leases));
  metrics.addCollectors((registry, prom, fromDatabase) => registerWebhookMetrics(registry, prom, deps, fromDatabase));

  let whole: AnyElysia | undefined;
  const app = new Elysia({ serve: { maxRequestBodySize: BUN_BODY_CAP } })
    // The only request hook: every hook Elysia runs before routing is a call on every request.
    // The server comes from the app, not the hook's context: a hook or handler that names `server` makes Elysia
    // define a getter on the context of every request of every route (3-4 % of validation's requests a second).
    // The caller's address is found here once; routes and limits read it with requestIp.
    .onRequest(({ request, set }) => {
      Object.assign(set.headers, securityHeaders.forUrl(request.url));
      beginRequest(request, set.headers, clientIp(deps, request, whole?.server));
      checkBodyLength(request);
    })
    // Logged when the handler is done, or by the error handler: cheaper than an after-response hook,
    // which Elysia runs in a task of its own for every request.
    // The hooks name the fields they use: Elysia reads a hook's parameters to decide what to prepare
    // for every request, and a hook taking the whole context made it parse cookies, query and headers
    // of every request, needed or not.
    .onAfterHandle(({ request, path, set, route, responseValue }) => {
      finishRequest(metrics, { request, path, set, route, responseValue } as FinishedRequest);
    })
    .onError(async ({ code, error, path, request, route }) => {
      const answer = await errorAnswer({ code, error, path, request }, securityHeaders.forUrl(request.url));
      finishRequest(metrics, { request, path, set: { status: answer.status }, route });
      return answer;
    })
    .use(healthRoutes(deps))
    .use(authRoutes(deps))
    .use(paymentRoutes(deps))
    .use(paymentEventRoutes(deps))
    .use(productKeyRoutes(deps))
    .use(emailRoutes(deps))
    .use(subscriptionRoutes(deps))
    .use(settingsRoutes(deps))
    .use(pluginRoutes(deps, leases))
    .use(seatRoutes(deps))
    .use(leaseRoutes(deps, leases))
    .use(robloxRoutes(deps))
    .use(statsRoutes(deps))
    .use(reviewRoutes(deps))
    .use(supportRoutes(deps))
    .use(adminTicketRoutes(deps))
    .use(adminRoutes(deps))
    .use(pricingRoutes(deps))
    .use(auditRoutes(deps))
    .use(invoiceRoutes(deps))
    .use(accountRoutes(deps))
    .use(refundRoutes(deps))
    .use(webhookRoutes(deps))
    .use(legalRoutes(deps))
    .use(metricsRoutes(deps, metrics))
    .use(apiDocsRoutes({ appUrl: deps.config.appUrl, maxBodyBytes: MAX_BODY_BYTES }, () => whole!))
    // Unknown API paths answer JSON 404; GET needs its own route because GET /* would win over .all.
    .get(
      "/api/*",
      ({ path }) => {
        throw notFound(`No API endpoint at ${path}.`);
      },
      unknownApiPath,
    )
    .all(
      "/api/*",
      ({ path }) => {
        throw notFound(`No API endpoint at ${path}.`);
      },
      unknownApiPath,
    )
    .use(siteRoutes(deps));
  whole = app;
  return app;
}

export type App = ReturnType<typeof createApp>;
