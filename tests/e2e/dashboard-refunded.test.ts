/**
 * A subscription ended by a full refund of its purchase, in a real browser: the Subscription card says it was
 * refunded and when, not that it ran out; one that ran out on its own still says Expired.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, sales, subscriptions } from "../../src/db/schema";
import { refundPayment } from "../../src/features/refunds/record";
import { openSignedIn } from "../support/browser";
import { checkEveryLook, footerTheme } from "../support/looks";
import { api, dashboardSuite, newPage, openTab, signUp } from "./dashboard-helpers";

setDefaultTimeout(30_000);

const env = dashboardSuite();

/** Buys a month with the demo card, signs up with its key and refunds it in full: answers the session token. */
async function refundedBuyer() {
  const email = `refunded-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const intent = await api(env, "POST", "/api/create-payment-intent", { plan: "month", email });
  const clientSecret = intent.body.clientSecret as string;
  expect((await api(env, "POST", "/api/payment/demo/confirm", { clientSecret })).status).toBe(200);
  const id = clientSecret.split("_secret_")[0];
  const [sale] = await env.server.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id));
  const { productKeyId } = sale!;
  const [{ key }] = await env.server.deps.db.select().from(productKeys).where(eq(productKeys.id, productKeyId!));
  const password = "correct horse";
  const signup = await api(env, "POST", "/api/auth/signup", {
    email,
    password,
    confirmPassword: password,
    productKey: key,
  });
  expect(signup.status).toBe(200);
  await refundPayment(env.server.deps, id);
  return signup.body.token as string;
}

const statusOf = (page: Awaited<ReturnType<typeof newPage>>) =>
  page.getByRole("tabpanel", { name: "Subscription" }).getByRole("definition").nth(1);

describe("the Subscription card after a refund", () => {
  test("says Refunded, with the day the refund ended access", async () => {
    const token = await refundedBuyer();
    const today = new Date(env.server.clock.now()).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    const page = await newPage(env);
    await openSignedIn(page, token);
    await page.getByText("Your purchase was refunded, so access ended then.", { exact: false }).waitFor();
    await openTab(page, "Subscription");
    expect(await statusOf(page).textContent()).toBe("Refunded");
    const panel = page.getByRole("tabpanel", { name: "Subscription" });
    const sentence = `The purchase behind this subscription was refunded on ${today}, and access ended then.`;
    await panel.getByText(sentence, { exact: false }).waitFor();
    expect(await panel.getByText("This subscription has ended.", { exact: false }).count()).toBe(0);
    await checkEveryLook(page, "dashboard-refunded", footerTheme(page));
  });

  test("a subscription that ran out on its own still says Expired", async () => {
    const user = await signUp(env, "month");
    await env.server.deps.db
      .update(subscriptions)
      .set({ endDate: env.server.clock.now() - 1000 })
      .where(eq(subscriptions.userId, user.userId));
    const page = await newPage(env);
    await openSignedIn(page, user.token, "/dashboard?tab=subscription");
    const panel = page.getByRole("tabpanel", { name: "Subscription" });
    await panel.getByText("This subscription has ended.", { exact: false }).waitFor();
    expect(await statusOf(page).textContent()).toBe("Expired");
    expect(await panel.getByText("refunded", { exact: false }).count()).toBe(0);
  });
});
