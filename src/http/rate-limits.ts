/**
 * Rate limits as a route option (docs/architecture.md#rate-limits): `{ rateLimit: [perIp("signup", RATE_RULES.signup)] }`
 * takes a token from each bucket in turn, once the request is validated (so a malformed request costs no token)
 * and before the handler runs, stopping at the first that refuses: 429 with Retry-After. The option also
 * declares the 429 answer in the API document. A limit that depends on what the handler finds first (a ticket
 * behind a link, whose it is) stays a `deps.limiter.take` call in the handler.
 */
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import type { User } from "../db/schema";
import type { RateRule, RateSubject } from "../lib/rate-limit";
import { RateLimitedError } from "@shared/api/common";
import { requestIp } from "../features/observability/request-log";

/** What a bucket's subject is taken from: the caller's address, the validated input and the signed-in user. */
export interface LimitInput {
  ip: string;
  body: unknown;
  params: unknown;
  query: unknown;
  /** Set on routes that are `signedIn` or `admin` (list that option before `rateLimit`). */
  user?: User;
}

export interface RouteLimit {
  bucket: string;
  rule: RateRule;
  subject: (input: LimitInput) => RateSubject;
  /** The 429's sentence, when the bucket's general one says too little. */
  message?: string;
}

/** A bucket per caller's address. */
export const perIp = (bucket: string, rule: RateRule, message?: string): RouteLimit => ({
  bucket,
  rule,
  message,
  subject: ({ ip }) => ({ ip }),
});

/** A bucket per signed-in account. */
export const perUser = (bucket: string, rule: RateRule, message?: string): RouteLimit => ({
  bucket,
  rule,
  message,
  subject: ({ user }) => ({ user: user!.id }),
});

/** A bucket whose subject comes from the validated body (typed as the route's schema makes it). */
export const perBody = <Body>(
  bucket: string,
  rule: RateRule,
  subject: (body: Body, ip: string) => RateSubject,
  message?: string,
): RouteLimit => ({ bucket, rule, message, subject: ({ body, ip }) => subject(body as Body, ip) });

export function rateLimits(deps: Pick<AppDeps, "limiter">) {
  return new Elysia({ name: "rate-limits" }).macro({
    rateLimit: (limits: RouteLimit[]) => ({
      response: { 429: RateLimitedError },
      async beforeHandle({ request, body, params, query, ...context }) {
        const input: LimitInput = {
          ip: requestIp(request),
          body,
          params,
          query,
          user: (context as { user?: User }).user,
        };
        for (const limit of limits)
          await deps.limiter.take(limit.bucket, limit.subject(input), limit.rule, limit.message);
      },
    }),
  });
}
