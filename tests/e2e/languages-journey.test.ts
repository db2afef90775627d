/**
 * A Brazilian buyer's whole way, through the real server, the real Resend SDK (against the fake Resend) and
 * Chromium: the home page under /pt-br/, the purchase with the test card, the result page with the key, the
 * product-key e-mail, its sign-up link, the dashboard, the address-confirmation e-mail and its page, the welcome
 * e-mail, the plugin key made on the dashboard and the plugin's own check of it. Every page is in Portuguese,
 * every e-mail is `<html lang="pt-BR">` and its links to the site open the /pt-br/ pages, and no English sentence
 * of the interface is left on any of them. Screens go to SHOTS_DIR when it is set.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import english from "../../src/shared/locales/en.json";
import portuguese from "../../src/shared/locales/pt-BR.json";
import { PRODUCT_NAME } from "../../src/shared/product";
import { DESKTOP } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { startFakeResend, type FakeResend, type ReceivedEmail } from "../support/fake-resend";
import { shoot } from "./shots";

setDefaultTimeout(120_000);

let resend: FakeResend;
beforeAll(() => {
  resend = startFakeResend();
});
const suite = browserSuite(() => ({ env: resend.env }));
afterAll(() => resend?.stop());

const pt = portuguese as Record<string, string>;
const say = (id: string, values: Record<string, string> = {}) =>
  pt[id]!.replace(/\{(\w+)\}/g, (whole, name: string) => ({ product: PRODUCT_NAME, ...values })[name] ?? whole);

/**
 * The interface's English sentences: every catalogue message's words between its parameters and marked parts,
 * three words or more, where the Portuguese message does not say the same words (a plan's name stays English).
 */
const ENGLISH_SENTENCES = Object.entries(english as Record<string, string>)
  .filter(([id]) => !id.startsWith("api."))
  .flatMap(([id, text]) =>
    text
      .split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?\d+>/)
      .map((part) => part.trim().replace(/[.:;,!?]$/, ""))
      .filter((part) => part.split(/\s+/).length >= 3 && !(pt[id] ?? "").includes(part)),
  );

function noEnglishIn(text: string, where: string) {
  const flat = text.replace(/\s+/g, " ");
  expect({ where, english: ENGLISH_SENTENCES.filter((sentence) => flat.includes(sentence)) }).toEqual({
    where,
    english: [],
  });
}

async function noEnglishOnPage(page: Page, where: string) {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");
  noEnglishIn(await page.locator("body").innerText(), where);
}

/** The e-mail to `to` with this subject, once the outbox sender has handed it to Resend. */
async function delivered(to: string, subject: string): Promise<ReceivedEmail> {
  const found = () => resend.delivered.find((mail) => [mail.to].flat().includes(to) && mail.subject === subject);
  for (let tries = 0; tries < 200 && !found(); tries++) await Bun.sleep(100);
  const mail = found();
  if (!mail) throw new Error(`no e-mail "${subject}" was delivered to ${to}`);
  return mail;
}

/**
 * A Brazilian e-mail as its reader sees it: in Portuguese, no English sentence left, every link to a site page
 * under /pt-br/ (documents are the API's). Answers those links' paths.
 */
function readMail(mail: ReceivedEmail, appUrl: string): string[] {
  expect(mail.html).toMatch(/<html[^>]*\blang="pt-BR"/);
  noEnglishIn(`${mail.subject} ${mail.text}`, `e-mail "${mail.subject}"`);
  const links = [...mail.html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)]
    .map((match) => match[1]!.replace(/&amp;/g, "&"))
    .filter((href) => href.startsWith(`${appUrl}/`))
    .map((href) => href.slice(appUrl.length))
    .filter((path) => !path.startsWith("/api/"));
  expect(links.length).toBeGreaterThan(0);
  expect(links.filter((path) => !path.startsWith("/pt-br/"))).toEqual([]);
  return links;
}

describe("a Brazilian buyer's whole way", () => {
  test("home, purchase, key e-mail, sign-up, dashboard, confirmation, welcome and the plugin key: all in Portuguese", async () => {
    const buyer = "comprador-jornada@example.com";
    const appUrl = suite.server.deps.config.appUrl;
    const page = await suite.page(DESKTOP);

    await page.goto("/pt-br/");
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0); // hydrated
    await noEnglishOnPage(page, "/pt-br/");
    await page.locator('main a[href="/pt-br/purchase"]').first().click();
    await page.waitForURL(/\/pt-br\/purchase$/);
    await page.getByLabel(say("purchase.email.label")).fill(buyer);
    await noEnglishOnPage(page, "/pt-br/purchase");
    await page.getByRole("button", { name: say("plan.chooseNamed", { name: "4 Month Pro" }) }).click();
    const dialog = page.getByRole("dialog", { name: say("checkout.title") });
    await dialog.getByRole("button", { name: say("checkout.card.pay") }).waitFor();
    noEnglishIn(await dialog.innerText(), "the checkout dialog");
    await dialog.getByRole("button", { name: say("checkout.card.pay") }).click();

    await page.waitForURL(/\/pt-br\/purchase\/success\?/);
    const key = await page.getByTestId("product-key").innerText();
    expect(key.length).toBeGreaterThan(10);
    await noEnglishOnPage(page, "the result page");
    await shoot(page, "journey-pt-BR-result");

    const keyMail = await delivered(buyer, say("email.productKey.subject"));
    expect(keyMail.text).toContain(key);
    const signupLink = readMail(keyMail, appUrl).find((path) => path.startsWith("/pt-br/signup?"));
    expect(signupLink).toBe(`/pt-br/signup?${new URLSearchParams({ key, email: buyer })}`);

    await page.goto(signupLink!);
    await page.getByRole("heading", { name: say("signup.title") }).waitFor();
    expect(await page.getByLabel(say("signup.key")).inputValue()).toBe(key);
    await noEnglishOnPage(page, "/pt-br/signup");
    await page.getByLabel(say("auth.password"), { exact: true }).fill("senha correta");
    await page.getByLabel(say("signup.confirm")).fill("senha correta");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: say("signup.submit") }).click();
    await page.waitForURL(/\/pt-br\/dashboard$/);
    await page.getByRole("heading", { level: 1, name: say("dashboard.title") }).waitFor();
    await page.getByRole("region", { name: say("dashboard.confirm.title") }).waitFor();
    await noEnglishOnPage(page, "/pt-br/dashboard");
    await shoot(page, "journey-pt-BR-dashboard");

    const confirmMail = await delivered(buyer, say("email.account.confirm.subject"));
    const confirmLink = readMail(confirmMail, appUrl).find((path) => path.startsWith("/pt-br/confirm-address?"));
    expect(confirmLink).toBeDefined();
    await page.goto(confirmLink!);
    await page.getByRole("heading", { name: say("confirm.address.title") }).waitFor();
    await noEnglishOnPage(page, "/pt-br/confirm-address");
    await page.getByRole("button", { name: say("confirm.submit") }).click();
    await page.getByRole("heading", { name: say("confirm.address.doneTitle") }).waitFor();
    await noEnglishOnPage(page, "the confirmed address");

    const welcome = await delivered(buyer, say("email.account.welcome.subject"));
    expect(readMail(welcome, appUrl)).toContain("/pt-br/dashboard");

    await page.getByRole("link", { name: say("confirm.toDashboard") }).click();
    await page.waitForURL(/\/pt-br\/dashboard/);
    await page.getByRole("tab", { name: "Plugin", exact: true }).click();
    const plugin = page.getByRole("tabpanel", { name: "Plugin", exact: true });
    await plugin.getByRole("button", { name: say("dashboard.key.generate") }).click();
    // The box says "none yet" in Portuguese until the answer is in: wait for the key itself.
    const pluginKey = await plugin
      .getByTestId("plugin-key")
      .getByText(/^ll_[a-z2-7]{32}$/)
      .innerText();
    await noEnglishOnPage(page, "the Plugin tab");
    await shoot(page, "journey-pt-BR-plugin");

    const validate = (body: Record<string, string>) =>
      fetch(`${suite.server.url}/api/plugin/validate`, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": "pt-BR" },
        body: JSON.stringify(body),
      });
    const valid = await validate({ key: pluginKey, robloxUserId: "424242" });
    expect(valid.status).toBe(200);
    expect(await valid.json()).toMatchObject({ valid: true });
    const wrong = await validate({ key: "NOT-A-REAL-KEY-AT-ALL", robloxUserId: "424242" });
    expect(await wrong.json()).toMatchObject({ valid: false, message: say("api.INVALID_KEY") });
  });
});
