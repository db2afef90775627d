/**
 * The layer-name checker on /docs in a real browser: it reads a name as you type and shows the base
 * name, each tag with a link to its page, and the problems the docs' rules find.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { checkLayerName, type LayerNameCheckOptions } from "../../src/shared/layer-name";
import { DESKTOP, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { fieldDescription } from "./field-description";

setDefaultTimeout(90_000);

const suite = browserSuite();

async function openChecker(viewport = DESKTOP): Promise<{ page: Page; checker: Locator }> {
  const page = await suite.page(viewport);
  await page.goto("/docs");
  const checker = page.getByRole("region", { name: "Layer-name checker" });
  await checker.getByLabel("Layer name").waitFor();
  return { page, checker };
}

async function tagLinks(checker: Locator): Promise<string[]> {
  const list = checker.getByRole("list", { name: "Tags in this name" });
  await list.waitFor();
  return list.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

/** The sentence the checker must show for this name (the rules themselves are unit-tested). */
function problemFor(name: string, options: LayerNameCheckOptions = {}): string {
  const [problem] = checkLayerName(name, options).problems;
  if (!problem) throw new Error(`${name} has no problem`);
  return problem.message;
}

describe("layer-name checker", () => {
  test("the layer name field is described by the names to try", async () => {
    const { checker } = await openChecker();
    const description = await fieldDescription(checker.getByLabel("Layer name"));
    expect(description.startsWith("Try:")).toBe(true);
    for (const name of ["#Coin_button_lock", "Shop_parent_scroll", "Play_hover", "Title_btn"])
      expect(description).toContain(name);
  });

  test("it starts with #Coin_button_lock: base name Coin, links to the icon, button and lock pages, no problems", async () => {
    const { checker } = await openChecker();
    expect(await checker.getByLabel("Layer name").inputValue()).toBe("#Coin_button_lock");
    await checker.getByText("Coin", { exact: true }).waitFor();
    expect(await tagLinks(checker)).toEqual(["/docs/icon", "/docs/button", "/docs/lock"]);
    await checker.getByText("No problems found.").waitFor();
  });

  test("the result follows the name as it is typed", async () => {
    const { page, checker } = await openChecker();
    const input = checker.getByLabel("Layer name");
    await input.fill("");
    await input.pressSequentially("Shop_parent");
    await checker.getByText("Shop", { exact: true }).waitFor();
    expect(await tagLinks(checker)).toEqual(["/docs/parent"]);
    await input.pressSequentially("_scroll");
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Tags in this name"] a').length === 2);
    expect(await tagLinks(checker)).toEqual(["/docs/parent", "/docs/scroll"]);
  });

  test("conflicting tags are reported", async () => {
    const { checker } = await openChecker();
    await checker.getByLabel("Layer name").fill("Items_scroll_scrollx");
    await checker.getByText(problemFor("Items_scroll_scrollx")).waitFor();
    expect(await tagLinks(checker)).toEqual(["/docs/scroll", "/docs/scrollx"]);
  });

  test("_scroll on a text layer is reported once the layer type is Text", async () => {
    const { checker } = await openChecker();
    await checker.getByLabel("Layer name").fill("Title_scroll");
    await checker.getByText("No problems found.").waitFor();
    await checker.getByLabel(/Layer type/).selectOption("text");
    await checker.getByText(problemFor("Title_scroll", { layerType: "text" })).waitFor();
    expect(await checker.getByText("No problems found.").count()).toBe(0);
  });

  test("a state tag without a matching _button among the sibling names is reported, and the match clears it", async () => {
    const { checker } = await openChecker();
    await checker.getByLabel("Layer name").fill("Play_hover");
    const siblings = checker.getByLabel(/Layers beside it/);
    await siblings.fill("Shop_button\nPlay_icon");
    await checker.getByText(problemFor("Play_hover", { siblings: ["Shop_button", "Play_icon"] })).waitFor();
    await siblings.fill("Shop_button\nPlay_button");
    await checker.getByText("No problems found.").waitFor();
  });

  test("an unknown tag is named with the tag it probably means, a suggested name and a link to that tag", async () => {
    const { page, checker } = await openChecker();
    await checker.getByLabel("Layer name").fill("Title_btn");
    await checker.getByText(problemFor("Title_btn")).waitFor();
    await checker.getByText("Suggested name:").waitFor();
    expect(await checker.getByText("Title_button", { exact: true }).count()).toBe(1);
    await checker.getByRole("link", { name: "Read about _button" }).click();
    await page.waitForURL("**/docs/button");
    await page.getByRole("heading", { level: 1, name: "Button Tag" }).waitFor();
  });

  test("a name without a base name is reported", async () => {
    const { checker } = await openChecker();
    await checker.getByLabel("Layer name").fill("_button");
    await checker.getByText(problemFor("_button")).waitFor();
  });

  test("a tag in the result opens its page", async () => {
    const { page, checker } = await openChecker();
    await checker.getByRole("list", { name: "Tags in this name" }).getByRole("link", { name: /_lock/ }).click();
    await page.waitForURL("**/docs/lock");
    await page.getByRole("heading", { level: 1, name: "Aspect Ratio Constraint Tag" }).waitFor();
  });

  test("an example under the input fills it in", async () => {
    const { checker } = await openChecker();
    await checker.getByRole("button", { name: "Shop_parent_scroll" }).click();
    expect(await checker.getByLabel("Layer name").inputValue()).toBe("Shop_parent_scroll");
    await checker.getByText("Shop", { exact: true }).waitFor();
  });

  test("an empty name asks for one", async () => {
    const { checker } = await openChecker();
    await checker.getByLabel("Layer name").fill("");
    await checker.getByText("Type a layer name to check it.").waitFor();
  });

  test("screenshots of the checker with problems at desktop and phone width", async () => {
    for (const [viewport, name] of [
      [DESKTOP, "docs-checker-desktop"],
      [PHONE, "docs-checker-phone"],
    ] as const) {
      const { page, checker } = await openChecker(viewport);
      await checker.getByLabel("Layer name").fill("Play_hovr");
      await checker.getByLabel(/Layers beside it/).fill("Shop_button");
      await checker.getByText(problemFor("Play_hovr")).waitFor();
      await checker.scrollIntoViewIfNeeded();
      await screenshot(checker, name);
      expect(page.url()).toEndWith("/docs");
    }
  });
});
