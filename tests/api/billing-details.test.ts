/** A renewal starts from the billing details of the account's own last purchase, never from another buyer's. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, sales } from "../../src/db/schema";
import { api, makeTestApp, signUpUser, signUpWithKey, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ env: { TAX: "demo" } });
});
afterEach(() => ctx.cleanup());

type Body = Parameters<ReturnType<typeof api>["api"]["create-payment-intent"]["post"]>[0];

/** Bought with the demo card with these details: answers its key. */
async function buy(email: string, body: Partial<Body>) {
  const started = await api(ctx.app).api["create-payment-intent"].post({ plan: "month", email, ...body } as Body);
  if (!started.data) throw new Error(JSON.stringify(started.error?.value));
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: started.data.clientSecret });
  const [sale] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, started.data.paymentIntentId));
  const [key] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, sale!.productKeyId!));
  return key!.key;
}

const ACME = {
  country: "FR",
  taxId: "FR12345678901",
  companyName: "Acme SARL",
  companyAddress: "12 rue de la Paix\n75002 Paris",
  withdrawalConsent: true,
};
const details = async (token: string) => (await api(ctx.app, token).api.account["billing-details"].get()).data;

test("the account's own purchase gives its details", async () => {
  await buy("buyer@acme.example", { country: "DE", withdrawalConsent: true });
  const { token } = await signUpWithKey(ctx, "buyer@acme.example", await buy("buyer@acme.example", ACME));
  expect(await details(token)).toEqual({
    details: {
      country: "FR",
      postalCode: null,
      taxId: "FR12345678901",
      companyName: "Acme SARL",
      companyAddress: "12 rue de la Paix\n75002 Paris",
    },
  });
});

test("a key someone else bought and gave the account brings none of the payer's details", async () => {
  const gift = await buy("payer@acme.example", ACME);
  const { token } = await signUpWithKey(ctx, "friend@example.com", gift);
  expect(await details(token)).toEqual({ details: null });
  const stranger = await signUpUser(ctx);
  expect(await details(stranger.token)).toEqual({ details: null });
  expect((await api(ctx.app).api.account["billing-details"].get()).status).toBe(401);
});
