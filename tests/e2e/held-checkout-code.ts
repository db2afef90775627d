import type { Page } from "playwright-core";

/**
 * Holds the checkout dialog's chunk back, as on a slow connection, until `release()`: for a checkout opened before
 * the dialog's code has arrived. Set before the page is opened; `asked` counts the chunk's requests.
 */
export async function holdCheckoutCode(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { asked: 0, release: () => release() };
  await page.route("**/assets/checkout-dialog-*.js", async (route) => {
    state.asked++;
    await held;
    await route.continue();
  });
  return state;
}
