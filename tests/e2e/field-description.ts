import type { Locator } from "playwright-core";

/** What a screen reader reads after a control's name: the text of the elements its aria-describedby names. */
export function fieldDescription(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" "),
  );
}
