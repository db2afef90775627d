/**
 * Text typed into a server-rendered form before its code arrived is on screen but not in React's
 * state (hydration keeps the field's value and says nothing). Hand each such value to React as the
 * input event it missed, so it is neither lost nor submitted as empty.
 */
const SKIPPED_TYPES = new Set(["checkbox", "radio", "file", "hidden", "submit", "button", "reset"]);

export function adoptEarlyInput(root: HTMLElement | null): void {
  if (!root) return;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (field instanceof HTMLInputElement && SKIPPED_TYPES.has(field.type)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    // React notices a change against the value it last saw: show it the server's value, then the typed
    // one through the element's own setter (which React does not watch), then the event.
    field.value = field.defaultValue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
