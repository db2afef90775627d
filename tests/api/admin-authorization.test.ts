/**
 * Every admin route answers 401 without a valid token, 403 for a signed-in non-admin and 2xx for an admin.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { reviews, supportTickets, users } from "../../src/db/schema";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { queueEmail } from "../../src/features/email/outbox";
import { call, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
let userToken: string;
let adminToken: string;
let userId: number;

beforeAll(async () => {
  ctx = makeTestApp();
  const user = await signUpUser(ctx, "pro");
  userToken = user.token;
  userId = user.user.id;
  adminToken = (await signInAdmin(ctx)).token;
});
afterAll(() => ctx.cleanup());

const now = () => ctx.deps.clock.now();
const freshKeyId = () => generateProductKeys(ctx.deps.db, now(), { plan: "pro", count: 1, source: "admin" })[0].id;
const freshTicketId = () =>
  ctx.deps.db.insert(supportTickets).values({ email: "t@example.com", message: "hi", createdAt: now() }).returning().get().id;
/** Reviews are one per user, so each moderation call gets a review by a user of its own. */
let reviewAuthors = 0;
const freshReviewId = () => {
  const author = ctx.deps.db.insert(users)
    .values({ email: `reviewer${++reviewAuthors}@example.com`, passwordHash: "x", createdAt: now() }).returning().get();
  return ctx.deps.db.insert(reviews).values({ userId: author.id, rating: 5, comment: "Great", createdAt: now() }).returning().get().id;
};
const freshEmailId = () =>
  queueEmail(ctx.deps.db, { to: "x@example.com", template: "test", payload: { testKey: "K" } }, now()).id;

interface AdminRoute {
  name: string;
  method: string;
  /** Built per call, so every admin call acts on its own row. */
  path: () => string;
  body?: unknown;
}

const routes: AdminRoute[] = [
  { name: "GET /api/admin/overview", method: "GET", path: () => "/api/admin/overview" },
  { name: "GET /api/admin/product-keys", method: "GET", path: () => "/api/admin/product-keys" },
  { name: "POST /api/admin/generate-product-key", method: "POST", path: () => "/api/admin/generate-product-key", body: { plan: "pro", count: 1 } },
  { name: "DELETE /api/admin/product-keys/:id", method: "DELETE", path: () => `/api/admin/product-keys/${freshKeyId()}` },
  { name: "GET /api/admin/sales", method: "GET", path: () => "/api/admin/sales" },
  { name: "POST /api/admin/test-email", method: "POST", path: () => "/api/admin/test-email", body: { email: "ops@example.com", testKey: "ABC" } },
  { name: "GET /api/admin/users?q=example", method: "GET", path: () => "/api/admin/users?q=example" },
  { name: "POST /api/admin/users/:id/reset-link", method: "POST", path: () => `/api/admin/users/${userId}/reset-link` },
  { name: "GET /api/admin/audit", method: "GET", path: () => "/api/admin/audit" },
  { name: "GET /api/admin/emails", method: "GET", path: () => "/api/admin/emails" },
  { name: "POST /api/admin/emails/:id/resend", method: "POST", path: () => `/api/admin/emails/${freshEmailId()}/resend` },
  { name: "GET /api/reviews/all", method: "GET", path: () => "/api/reviews/all" },
  { name: "PATCH /api/reviews/:id", method: "PATCH", path: () => `/api/reviews/${freshReviewId()}`, body: { hidden: true } },
  { name: "DELETE /api/reviews/:id", method: "DELETE", path: () => `/api/reviews/${freshReviewId()}` },
  { name: "GET /api/support/tickets", method: "GET", path: () => "/api/support/tickets" },
  { name: "PATCH /api/support/tickets/:id", method: "PATCH", path: () => `/api/support/tickets/${freshTicketId()}`, body: { status: "closed" } },
];

describe.each(routes.map((r) => [r.name, r] as const))("%s", (_name, route) => {
  test("answers 401 without a token", async () => {
    const answer = await call(ctx.app, route.method, route.path(), { body: route.body });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("UNAUTHORIZED");
  });

  test("answers 401 with a forged token", async () => {
    const answer = await call(ctx.app, route.method, route.path(), { body: route.body, token: "not.a.token" });
    expect(answer.status).toBe(401);
  });

  test("answers 403 for a signed-in user who is not an admin", async () => {
    const answer = await call(ctx.app, route.method, route.path(), { body: route.body, token: userToken });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: "FORBIDDEN", message: "This area is for administrators only." });
  });

  test("answers 2xx for an admin", async () => {
    const answer = await call(ctx.app, route.method, route.path(), { body: route.body, token: adminToken });
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
  });
});

describe("a stranger learns nothing about an admin route's input", () => {
  const invalid: [string, string, unknown][] = [
    ["POST", "/api/admin/generate-product-key", { plan: "x", count: 0 }],
    ["PATCH", "/api/support/tickets/abc", { status: "x" }],
    ["GET", "/api/admin/product-keys?limit=9999", undefined],
    ["POST", "/api/admin/test-email", { email: "nope" }],
  ];
  for (const [method, path, body] of invalid) {
    test(`${method} ${path} with bad input answers 401 anonymously and 403 to a user`, async () => {
      expect((await call(ctx.app, method, path, { body })).status).toBe(401);
      expect((await call(ctx.app, method, path, { body, token: userToken })).status).toBe(403);
    });
  }
});
