/**
 * One change to Scalar's browser build, made when the site loads it (so the same in development and in
 * the executable): each operation's example-answers card stops being a region landmark.
 *
 * Why: Scalar marks that card `role="region"` and names it by its status-code tabs ("Status: 200
 * Status: 422"), so every operation with the same codes adds a landmark of the same name. A screen
 * reader's landmark list then holds many identical entries that don't say which operation they
 * belong to (axe: landmark-unique). No Scalar option, theme or plugin reaches that card, and the
 * newest release still does it. Without the role the card keeps its own component's default,
 * `role="group"` with the same name: still announced as one unit inside its operation's section, which
 * is the landmark a reader navigates by.
 *
 * The change is matched on string literals of Scalar's own component (no minified names), and it must
 * match exactly once: if a Scalar upgrade changes that code, the unit test says so (and the page
 * keeps working, unpatched, with a warning logged) instead of the change silently missing. When Scalar
 * stops making the card a region, delete this file.
 */
const EXAMPLE_RESPONSES_CARD = "class:`response-card`,role:`region`";
const WITHOUT_LANDMARK = "class:`response-card`";

export type ScalarPatchResult = { source: string; applied: true } | { source: string; applied: false; reason: string };

export function patchScalarBuild(source: string): ScalarPatchResult {
  const at = source.indexOf(EXAMPLE_RESPONSES_CARD);
  if (at < 0) return { source, applied: false, reason: "the example-answers card is no longer marked as a region" };
  if (source.indexOf(EXAMPLE_RESPONSES_CARD, at + 1) >= 0)
    return { source, applied: false, reason: "the example-answers card's code appears more than once" };
  return {
    source: source.slice(0, at) + WITHOUT_LANDMARK + source.slice(at + EXAMPLE_RESPONSES_CARD.length),
    applied: true,
  };
}
