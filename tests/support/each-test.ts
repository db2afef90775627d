/**
 * The set-up API test files share: a new app for every test (on a fake Stripe or Resend that lives as
 * long as the file, with a signed-in admin where asked), cleaned up after it. A file keeps its own
 * variables and is handed the values before each test: `eachTestWithAdmin((made) => ({ ctx, admin } = made))`.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { makeTestApp, signInAdmin, type TestContext } from "./app";
import { startFakeResend, type FakeResend } from "./fake-resend";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";

type AppOptions = Parameters<typeof makeTestApp>[0];

/** A new app for every test of the file; `options` is read before each test, so it may name what beforeAll started. */
export function eachTestApp(take: (ctx: TestContext) => void | Promise<void>, options: () => AppOptions = () => ({})) {
  let ctx: TestContext | undefined;
  beforeEach(async () => {
    ctx = makeTestApp(options());
    await take(ctx);
  });
  afterEach(() => ctx?.cleanup());
}

/** A new app and a signed-in admin for every test of the file. */
export function eachTestWithAdmin(
  take: (made: { ctx: TestContext; admin: string }) => void,
  options?: () => AppOptions,
) {
  eachTestApp(async (ctx) => take({ ctx, admin: (await signInAdmin(ctx)).token }), options);
}

/** A fake Stripe for the whole file (started before its first test, stopped after its last), for files that make their own apps. */
export function fakeStripeForFile(take: (stripe: FakeStripe) => void) {
  let stripe: FakeStripe | undefined;
  beforeAll(() => {
    stripe = startFakeStripe();
    take(stripe);
  });
  afterAll(() => stripe?.stop());
}

/** A fake Stripe for the file, reset before each test, and a new app paying through it (with a signed-in admin when asked). */
export function eachTestOnFakeStripe(
  take: (made: { ctx: TestContext; stripe: FakeStripe; admin: string }) => void,
  { admin = false } = {},
) {
  let stripe: FakeStripe;
  fakeStripeForFile((started) => (stripe = started));
  eachTestApp(
    async (ctx) => {
      stripe.reset();
      take({ ctx, stripe, admin: admin ? (await signInAdmin(ctx)).token : "" });
    },
    () => ({ env: stripe.env }),
  );
}

/** A fake Resend for the file, reset before each test, and a new app sending through it. */
export function eachTestOnFakeResend(take: (made: { ctx: TestContext; resend: FakeResend }) => void) {
  let resend: FakeResend;
  beforeAll(() => {
    resend = startFakeResend();
  });
  afterAll(() => resend.stop());
  eachTestApp(
    (ctx) => take({ ctx, resend }),
    () => {
      resend.reset();
      return { env: resend.env };
    },
  );
}
