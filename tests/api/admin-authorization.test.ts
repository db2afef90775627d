/**
 * Every admin route answers 401 without a valid token, 403 for a signed-in non-admin and 2xx for an admin.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { reviews, supportTickets, users } from "../../src/db/schema";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { queueEmail } from "../../src/features/email/outbox";
import { api, failure, invalid, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

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
const freshKeyId = async () =>
  (await generateProductKeys(ctx.deps.db, now(), { plan: "pro", count: 1, source: "admin" }))[0]!.id;
const freshTicketId = async () => {
  const [ticket] = await ctx.deps.db
    .insert(supportTickets)
    .values({ email: "t@example.com", message: "hi", createdAt: now() })
    .returning();
  return ticket!.id;
};
/** Reviews are one per user, so each moderation call gets a review by a user of its own. */
let reviewAuthors = 0;
const freshReviewId = async () => {
  const [author] = await ctx.deps.db
    .insert(users)
    .values({ email: `reviewer${++reviewAuthors}@example.com`, passwordHash: "x", createdAt: now() })
    .returning();
  const [review] = await ctx.deps.db
    .insert(reviews)
    .values({ userId: author!.id, rating: 5, comment: "Great", createdAt: now() })
    .returning();
  return review!.id;
};
const freshEmailId = async () =>
  (await queueEmail(ctx.deps.db, { to: "x@example.com", template: "test", payload: { testKey: "K" } }, now())).id;

type Client = ReturnType<typeof api>;

interface AdminRoute {
  name: string;
  /** Sends the call; made per call, so every admin call acts on its own row. */
  send: (client: Client) => Promise<{ status: number; error: { value: unknown } | null }>;
}

const routes: AdminRoute[] = [
  { name: "GET /api/admin/overview", send: (c) => c.api.admin.overview.get() },
  { name: "GET /api/admin/product-keys", send: (c) => c.api.admin["product-keys"].get() },
  {
    name: "POST /api/admin/generate-product-key",
    send: (c) => c.api.admin["generate-product-key"].post({ plan: "pro", count: 1 }),
  },
  {
    name: "DELETE /api/admin/product-keys/:id",
    send: async (c) => c.api.admin["product-keys"]({ id: await freshKeyId() }).delete(),
  },
  { name: "GET /api/admin/sales", send: (c) => c.api.admin.sales.get() },
  {
    name: "POST /api/admin/test-email",
    send: (c) => c.api.admin["test-email"].post({ email: "ops@example.com", testKey: "ABC" }),
  },
  { name: "GET /api/admin/users?q=example", send: (c) => c.api.admin.users.get({ query: { q: "example" } }) },
  { name: "POST /api/admin/users/:id/reset-link", send: (c) => c.api.admin.users({ id: userId })["reset-link"].post() },
  { name: "GET /api/admin/audit", send: (c) => c.api.admin.audit.get() },
  { name: "GET /api/admin/emails", send: (c) => c.api.admin.emails.get() },
  {
    name: "POST /api/admin/emails/:id/resend",
    send: async (c) => c.api.admin.emails({ id: await freshEmailId() }).resend.post(),
  },
  { name: "GET /api/reviews/all", send: (c) => c.api.reviews.all.get() },
  {
    name: "PATCH /api/reviews/:id",
    send: async (c) => c.api.reviews({ id: await freshReviewId() }).patch({ hidden: true }),
  },
  { name: "DELETE /api/reviews/:id", send: async (c) => c.api.reviews({ id: await freshReviewId() }).delete() },
  { name: "GET /api/support/tickets", send: (c) => c.api.support.tickets.get() },
  {
    name: "PATCH /api/support/tickets/:id",
    send: async (c) => c.api.support.tickets({ id: await freshTicketId() }).patch({ status: "closed" }),
  },
];

describe.each(routes.map((r) => [r.name, r] as const))("%s", (_name, route) => {
  test("answers 401 without a token", async () => {
    const answer = await route.send(api(ctx.app));
    expect(answer.status).toBe(401);
    expect(failure(answer)?.error).toBe("UNAUTHORIZED");
  });

  test("answers 401 with a forged token", async () => {
    const answer = await route.send(api(ctx.app, "not.a.token"));
    expect(answer.status).toBe(401);
  });

  test("answers 403 for a signed-in user who is not an admin", async () => {
    const answer = await route.send(api(ctx.app, userToken));
    expect(answer.status).toBe(403);
    expect(failure(answer)).toEqual({ error: "FORBIDDEN", message: "This area is for administrators only." });
  });

  test("answers 2xx for an admin", async () => {
    const answer = await route.send(api(ctx.app, adminToken));
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
  });
});

describe("a stranger learns nothing about an admin route's input", () => {
  const badInput: [string, (client: Client) => Promise<{ status: number }>][] = [
    [
      "POST /api/admin/generate-product-key",
      (c) => c.api.admin["generate-product-key"].post(invalid({ plan: "x", count: 0 })),
    ],
    ["PATCH /api/support/tickets/abc", (c) => c.api.support.tickets({ id: "abc" }).patch(invalid({ status: "x" }))],
    ["GET /api/admin/product-keys?limit=9999", (c) => c.api.admin["product-keys"].get({ query: { limit: 9999 } })],
    ["POST /api/admin/test-email", (c) => c.api.admin["test-email"].post({ email: "nope" })],
    ["POST /api/admin/sales/:id/refund", (c) => c.api.admin.sales({ id: 1 }).refund.post({ amount: -5 })],
  ];
  for (const [name, send] of badInput) {
    test(`${name} with bad input answers 401 anonymously and 403 to a user`, async () => {
      expect((await send(api(ctx.app))).status).toBe(401);
      expect((await send(api(ctx.app, userToken))).status).toBe(403);
    });
  }
});
