/**
 * The mark on #root of a page whose screen the browser renders (signed-in screens, the payment result):
 * the server's markup there is only the frame and a loading skeleton, so the browser renders over it
 * rather than hydrating it, and loads its code at once rather than after the first paint.
 */
export const SHELL_ATTRIBUTE = "data-shell";
