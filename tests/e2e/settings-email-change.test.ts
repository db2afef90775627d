/** Settings shows an e-mail change waiting for its link, from the server's record (so a reload keeps it), and cancels it. */
import { expect, setDefaultTimeout, test } from "bun:test";
import { openSignedIn } from "../support/browser";
import { checkEveryLook, footerTheme } from "../support/looks";
import { api, dashboardSuite, newPage, openTab, signUp, toastText } from "./dashboard-helpers";

setDefaultTimeout(45_000);

const env = dashboardSuite();

test("a change waiting for its link is shown in Settings after a reload, and Cancel ends it", async () => {
  const user = await signUp(env);
  const asked = await api(
    env,
    "POST",
    "/api/account/email",
    { newEmail: "new.home@example.com", password: user.password },
    user.token,
  );
  expect(asked.status).toBe(200);
  const page = await newPage(env);
  await openSignedIn(page, user.token, "/dashboard?tab=settings");
  const panel = page.getByRole("tabpanel", { name: "Settings" });
  const waiting = panel.getByRole("status").filter({ hasText: "Waiting for confirmation of new.home@example.com" });
  await waiting.waitFor();
  await page.reload();
  await waiting.waitFor();
  await checkEveryLook(page, "settings-email-pending", footerTheme(page));
  await waiting.getByRole("button", { name: "Cancel email change" }).click();
  await toastText(page, "Email change cancelled").waitFor();
  await waiting.waitFor({ state: "hidden" });
  expect((await api(env, "GET", "/api/account/email", undefined, user.token)).body).toEqual({ pending: null });
  await openTab(page, "Overview");
  await openTab(page, "Settings");
  expect(await panel.getByText("Waiting for confirmation", { exact: false }).count()).toBe(0);
});
