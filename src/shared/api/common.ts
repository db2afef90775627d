/**
 * `t` schemas shared by many routes: paging, numeric ids, the e-mail field, plan ids, and the
 * shapes every route's error answers take (docs/architecture.md#errors). Each is written once, here.
 */
import { t } from "./type-system";
import { Type, type SchemaOptions, type TLiteral, type TUnion } from "@sinclair/typebox";
import { PLAN_IDS } from "../plans";

const MAX_PAGE_SIZE = 500;

/** `?limit=&offset=&before=` for every list that can grow: whole numbers only, so SQLite never sees 0.5 or 1e300. */
export const pageQuery = t.Object({
  limit: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
    }),
  ),
  offset: t.Optional(
    t.Integer({ minimum: 0, maximum: 1_000_000_000, error: "offset must be a whole number of 0 or more." }),
  ),
  before: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      error: "before must be the id of a listed row.",
      description:
        "Keyset paging: the id of the last row shown; the page holds the rows after it (as fast on the last page as on the first).",
    }),
  ),
});

export const idParams = t.Object({
  id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, error: "The id must be a positive whole number." }),
});

type Literals<Values extends readonly string[]> = Values extends readonly [
  infer First extends string,
  ...infer Rest extends string[],
]
  ? [TLiteral<First>, ...Literals<Rest>]
  : [];

/**
 * One of a fixed list of strings. Not `t.UnionEnum`: that carries a default, which Elysia fills into a
 * missing field, so a missing optional field would arrive as the first value.
 */
export function oneOf<const Values extends readonly [string, ...string[]]>(values: Values, options?: SchemaOptions) {
  return t.Union(
    values.map((value) => t.Literal(value)),
    options,
  ) as unknown as TUnion<Literals<Values>>;
}

export const emailField = t.String({ format: "email", maxLength: 254, error: "Please enter a valid email address." });

/** The "email" format's address (case-insensitive, spelled out: a schema pattern has no flags). */
const ADDRESS =
  "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";

/**
 * An address as someone typed it to look something up (sign-in, lost keys): spaces around it are
 * allowed (the service trims them), anything that isn't an address is a 422 before any rate-limit bucket.
 */
export const typedEmailField = t.String({
  pattern: `^\\s*${ADDRESS}\\s*$`,
  maxLength: 300,
  error: "Please enter a valid email address.",
});

/** A plan id in a request; `error` is the sentence a wrong one gets. */
export const planIdField = (error: string) => oneOf(PLAN_IDS, { error });

// Answers. `t.Integer` accepts numeric strings on input and is documented that way; an answer's whole
// numbers are plain JSON integers.
export const Int = (options?: Parameters<typeof Type.Integer>[0]) => Type.Integer(options);

/**
 * A whole number in a JSON request body: a JSON number, never a string. Elysia's `t.Integer` is made for
 * paths and query strings, which are text, and so also takes "10", " 10 ", "1e1" and "0x10" (as 16); a body
 * says what it means. Every whole number of every body is this one (`t.Number` already refuses strings).
 */
export const BodyInt = (options: Parameters<typeof Type.Integer>[0] & { error: string }) => Type.Integer(options);
export const IsoDate = t.String({ format: "date-time", description: "ISO-8601 time (UTC)" });
export const IsoDateOrNull = t.Nullable(IsoDate);
export const PlanId = oneOf(PLAN_IDS);
/** An answer that is one sentence for the person. */
export const MessageAnswer = t.Object({ message: t.String() });

/** Every non-2xx answer: a stable code and a sentence for a person. */
export const ApiError = t.Object(
  {
    error: t.String({ description: "Stable machine-readable code, e.g. NOT_FOUND" }),
    message: t.String({ description: "A sentence to show the person" }),
  },
  { title: "ApiError" },
);

/** 429 from a rate limit; the same wait is in the Retry-After header. */
export const RateLimitedError = t.Object(
  {
    error: t.Literal("RATE_LIMITED"),
    message: t.String(),
    retryAfterSeconds: Int({ minimum: 1 }),
  },
  { title: "RateLimitedError" },
);

/** `{ 404: ApiError, 409: ApiError }`: the statuses a route answers with the plain error body. */
export function failures<const Status extends number>(...statuses: Status[]): { [S in Status]: typeof ApiError } {
  return Object.fromEntries(statuses.map((status) => [status, ApiError])) as { [S in Status]: typeof ApiError };
}

/** The error answers of a route that takes a JSON body: 400 for broken JSON, 422 for input its schema refuses. */
export const jsonBodyFailures = failures(400, 422);
