/**
 * The mark on #root of a page whose screen the browser renders (signed-in screens, the payment result):
 * the server's markup there is only the frame and a loading skeleton, so the browser renders over it
 * rather than hydrating it, and loads its code at once rather than after the first paint.
 */
export const SHELL_ATTRIBUTE = "data-shell";

/**
 * Marks a server-rendered control whose tap must not be lost while the page's code is still on its way
 * (the phone menu's button): the page's first script notes such a tap on <html> under this attribute,
 * with the control's value, and the control's code acts on it once it runs.
 */
export const EARLY_TAP_ATTRIBUTE = "data-early-tap";
