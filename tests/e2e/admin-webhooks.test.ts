/**
 * The admin panel's Webhooks tab in a real browser, against the real server and its webhook sender: an
 * operator adds an endpoint, copies its secret, a key is bought, and the signed sale.completed arrives at a
 * receiver on 127.0.0.1 where the standardwebhooks package verifies it; a failing answer shows as a retry;
 * Replay sends it again; a new secret keeps every delivery verifiable. Both themes at 1280 and 390 px, axe
 * finding nothing; pictures go to SHOTS_DIR.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { DESKTOP, openSignedIn } from "../support/browser";
import { LOOKS, showLook } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import { postJson, signInAdminOn } from "../support/server";
import { FakeClock } from "../support/fake-clock";
import { axeViolations, describeFindings } from "../support/axe";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { shoot } from "./shots";

setDefaultTimeout(90_000);

// The clock starts at the real time: the standardwebhooks package checks a delivery's timestamp against it.
const suite = browserSuite(() => ({ clock: new FakeClock(Date.now()) }));
let admin: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  admin = await signInAdminOn(suite.server);
  receiver = startWebhookReceiver();
});
afterAll(() => receiver.stop());

async function waitFor(condition: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await Bun.sleep(50);
  expect(condition()).toBe(true);
}

/** Signs the admin in on `page` at the Webhooks tab. */
async function showWebhooksTab(page: Page): Promise<Page> {
  await openSignedIn(page, admin, "/admin?tab=webhooks");
  await page.getByRole("heading", { name: "Webhooks", level: 2 }).waitFor();
  return page;
}

const openTab = async () => showWebhooksTab(await suite.page(DESKTOP));

let secret = "";

describe("the Webhooks tab", () => {
  test("adds an endpoint and shows its secret once", async () => {
    const page = await openTab();
    await page.getByText("No endpoints yet.").waitFor();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("A full address starting with https://.").waitFor();
    await dialog.getByLabel("URL").fill(receiver.url);
    await dialog.getByLabel("Description (optional)").fill("Discord roles");
    await dialog.getByLabel(/sale\.refunded/).check();
    await shoot(page, "admin-webhooks-add-1280");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("The signing secret:").waitFor();
    secret = (await dialog.getByTestId("webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    expect(describeFindings("the new secret", await axeViolations(page))).toBe("");
    await shoot(page, "admin-webhooks-secret-1280");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await page.getByRole("table", { name: "Webhook endpoints" }).getByText(receiver.url).waitFor();
  });

  test("a bought key's sale.completed arrives signed; a failing answer is retried; Replay sends it again", async () => {
    receiver.answerNext({ status: 500, body: "receiver down" });
    const intent = await postJson<{ clientSecret: string }>(suite.server, "/api/create-payment-intent", {
      plan: "pro",
      email: "buyer@example.com",
    });
    await postJson(suite.server, "/api/payment/demo/confirm", { clientSecret: intent.clientSecret });
    await waitFor(() => receiver.received.length === 1);
    const page = await openTab();
    await page.getByRole("cell", { name: "Retrying" }).waitFor();
    await page.getByText("receiver down").waitFor();
    await shoot(page, "admin-webhooks-retrying-1280");
    // The first answer was a 500: the sender tries again 5 s later (on the server's clock).
    suite.server.clock.advance(5_000);
    await waitFor(() => receiver.received.length === 2);
    const [first, second] = receiver.received;
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    const event = new Webhook(secret).verify(second!.body, second!.headers) as {
      type: string;
      data: { email: string };
    };
    expect(event).toMatchObject({ type: "sale.completed", data: { email: "buyer@example.com", amountCents: 2499 } });

    await page.reload();
    await page.getByRole("cell", { name: "Delivered" }).waitFor();
    await page.getByRole("button", { name: /^Replay sale\.completed/ }).click();
    await page.getByText("Delivery queued again", { exact: true }).waitFor();
    await waitFor(() => receiver.received.length === 3);
    expect(receiver.received[2]!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    new Webhook(secret).verify(receiver.received[2]!.body, receiver.received[2]!.headers);
  });

  test("a new secret: deliveries verify with the old and the new one", async () => {
    const page = await openTab();
    await page.getByRole("button", { name: `New secret for ${receiver.url}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Make a new secret" }).click();
    const fresh = (await dialog.getByTestId("webhook-secret").textContent())!;
    expect(fresh).not.toBe(secret);
    await shoot(page, "admin-webhooks-rotated-1280");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await page.getByRole("button", { name: `Send a test event to ${receiver.url}` }).click();
    await waitFor(() => receiver.received.length === 4);
    const test = receiver.received[3]!;
    expect(new Webhook(secret).verify(test.body, test.headers)).toMatchObject({ type: "webhook.test" });
    expect(new Webhook(fresh).verify(test.body, test.headers)).toMatchObject({ type: "webhook.test" });
  });

  for (const { theme, size: width, viewport } of LOOKS)
    test(`has no accessibility findings in the ${theme} theme at ${width} px`, async () => {
      // The tab is opened once and looked at in each theme and width.
      const page = await suite.sharedPage("webhooks tab", DESKTOP, showWebhooksTab);
      await showLook(page, { theme, viewport });
      await page.getByRole("cell", { name: "Delivered" }).first().waitFor();
      expect(describeFindings(`Webhooks, ${theme}, ${width}`, await axeViolations(page))).toBe("");
      await shoot(page, `admin-webhooks-${theme}-${width}`);
    });
});
