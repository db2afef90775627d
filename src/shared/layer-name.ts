/**
 * Reading and checking layer names the way the plugin reads them: `#Coin_button_lock`,
 * `Shop_parent_scroll`, `Play_hover`.
 *
 * How a name is split (parseLayerName):
 * 1. Surrounding whitespace and trailing underscores are dropped. A leading `#` is the icon prefix.
 * 2. The rest is cut at every `_`. The first piece always belongs to the base name, because a tag
 *    needs an underscore in front of it.
 * 3. Tags are read from the end, one piece at a time. A piece is a tag when it is a known tag written
 *    exactly (`button`), or when it looks like one (see suggestTagFor): a known tag in other
 *    capitals (`Button`), a common synonym (`btn`, `img`, `grey`) or a one-letter slip of a tag of
 *    five letters or more (`hovr`, `scrol`, `disable`). Those are kept as unknown tags with the
 *    tag they probably mean. Empty pieces left by doubled underscores are skipped.
 * 4. Reading stops at the first piece that is neither. Everything before it is the base name, exactly
 *    as written, underscores included: `Main_Menu_button` is the button `Main_Menu`, and names like
 *    `main_menu`, `Shop_buttons` or `Book_cover` have no tags at all.
 */
import { PRODUCT_NAME } from "./product";
import {
  describeTagTargets,
  isStateTagSlug,
  isSuffixTagSlug,
  SUFFIX_TAG_SLUGS,
  tagAppliesTo,
  tagBySlug,
  type LayerType,
  type SuffixTagSlug,
  type TagSlug,
} from "./tags";

export interface ParsedTag {
  /** As written in the name, with its underscore: `_lock`, `_btn`. */
  token: string;
  /** The tag's slug when known (`lock`); otherwise the word as written (`btn`). */
  slug: string;
  known: boolean;
  /** For an unknown tag: the tag it most likely means. */
  suggestion?: SuffixTagSlug;
}

interface ParsedLayerName {
  raw: string;
  /** The name in front of the tags, without the # prefix. */
  baseName: string;
  iconPrefix: boolean;
  /** Suffix tags in the order written; the # prefix is reported by iconPrefix. */
  tags: ParsedTag[];
}

export type LayerNameProblemCode =
  | "EMPTY_BASE_NAME"
  | "UNKNOWN_TAG"
  | "TAG_NOT_AT_END"
  | "CONFLICTING_TAGS"
  | "TAG_NOT_ALLOWED_ON_LAYER"
  | "MISSING_BUTTON_BASE";

interface LayerNameProblem {
  code: LayerNameProblemCode;
  /** A plain sentence for the designer. */
  message: string;
  /** The tag the problem is about, for a link to its page. */
  tagSlug?: TagSlug;
}

export interface LayerNameCheckOptions {
  /** Type of the layer in the design; enables TAG_NOT_ALLOWED_ON_LAYER. */
  layerType?: LayerType;
  /** Names of the layers beside it (same parent); enables MISSING_BUTTON_BASE. */
  siblings?: readonly string[];
}

export interface LayerNameCheck {
  parsed: ParsedLayerName;
  problems: LayerNameProblem[];
  /** The name with unknown tags replaced by what they probably mean and repeated tags removed, when that differs. */
  suggestedName?: string;
}

/** Words designers reach for that aren't tags, and the tag that does the job. */
const TAG_SYNONYMS: Readonly<Record<string, SuffixTagSlug>> = {
  btn: "button",
  img: "image",
  grey: "gray",
  greyscale: "gray",
  grayscale: "gray",
  hovered: "hover",
  pressed: "clicked",
  selected: "toggled",
  inactive: "disabled",
  scrolly: "scroll",
  vscroll: "scroll",
  hscroll: "scrollx",
  textbox: "box",
  viewport: "vpf",
  viewportframe: "vpf",
  canvasgroup: "canvas",
  absolute: "abs",
  aspect: "lock",
};

/** Short tags (gray, lock, abs, box, vpf) sit one letter away from everyday words (grab, look, tabs, bot). */
const MIN_LENGTH_FOR_SLIP = 5;

/**
 * The tag a piece of a name probably means, or null when it reads as an ordinary name.
 * Lower-case words only count as slips or synonyms: a capitalised word (`Input`, `Cover`) is a name.
 */
export function suggestTagFor(word: string): SuffixTagSlug | null {
  if (!/^[A-Za-z0-9]+$/.test(word)) return null;
  const lower = word.toLowerCase();
  if (isSuffixTagSlug(lower)) return lower;
  if (word !== lower) return null;
  const synonym = TAG_SYNONYMS[lower];
  if (synonym) return synonym;
  // Plurals name containers ("shop_buttons" holds buttons), not tags.
  if (lower.endsWith("s") && isSuffixTagSlug(lower.slice(0, -1))) return null;
  for (const slug of SUFFIX_TAG_SLUGS) {
    if (slug.length >= MIN_LENGTH_FOR_SLIP && lower[0] === slug[0] && isOneEditApart(lower, slug)) return slug;
  }
  return null;
}

/** One insertion, deletion, substitution or swap of neighbouring letters apart. */
function isOneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter.slice(start) === longer.slice(start + 1);
}

function readTag(piece: string): ParsedTag | null {
  if (isSuffixTagSlug(piece)) return { token: `_${piece}`, slug: piece, known: true };
  const suggestion = suggestTagFor(piece);
  if (suggestion) return { token: `_${piece}`, slug: piece, known: false, suggestion };
  return null;
}

export function parseLayerName(raw: string): ParsedLayerName {
  const name = raw.trim().replace(/[\s_]+$/, "");
  const iconPrefix = name.startsWith("#");
  const pieces = (iconPrefix ? name.slice(1) : name).split("_");
  const tags: ParsedTag[] = [];
  let baseEnd = pieces.length;
  while (baseEnd > 1) {
    const piece = pieces[baseEnd - 1];
    if (piece === "") {
      baseEnd--;
      continue;
    }
    const tag = readTag(piece);
    if (!tag) break;
    tags.unshift(tag);
    baseEnd--;
  }
  return { raw, baseName: pieces.slice(0, baseEnd).join("_"), iconPrefix, tags };
}

/** Writes a parsed name back: prefix, base name, tags as written. */
export function formatLayerName(parsed: Pick<ParsedLayerName, "baseName" | "iconPrefix" | "tags">): string {
  return `${parsed.iconPrefix ? "#" : ""}${parsed.baseName}${parsed.tags.map((tag) => tag.token).join("")}`;
}

/** The name as the plugin reads it: outer whitespace, stray and trailing underscores removed. */
export function normaliseLayerName(name: string): string {
  return formatLayerName(parseLayerName(name));
}

export function checkLayerName(name: string, options: LayerNameCheckOptions = {}): LayerNameCheck {
  const parsed = parseLayerName(name);
  const problems = [
    ...emptyBaseProblems(parsed),
    ...unknownTagProblems(parsed),
    ...tagInsideBaseProblems(parsed),
    ...conflictProblems(parsed),
    ...(options.layerType ? layerTypeProblems(parsed, options.layerType) : []),
    ...(options.siblings ? missingButtonProblems(parsed, options.siblings) : []),
  ];
  return { parsed, problems, suggestedName: suggestName(parsed) };
}

function knownSlugs(parsed: ParsedLayerName): SuffixTagSlug[] {
  return parsed.tags.filter((tag) => tag.known).map((tag) => tag.slug as SuffixTagSlug);
}

function exampleBase(parsed: ParsedLayerName): string {
  return parsed.baseName.trim() === "" ? (knownSlugs(parsed).includes("box") ? "Search" : "Play") : parsed.baseName;
}

function emptyBaseProblems(parsed: ParsedLayerName): LayerNameProblem[] {
  if (parsed.baseName.trim() !== "") return [];
  const message =
    parsed.tags.length > 0
      ? `There is no name in front of the tags. Start with a name, for example ${formatLayerName({ ...parsed, baseName: exampleBase(parsed) })}.`
      : parsed.iconPrefix
        ? "There is no name after the #. Write the icon's name after it, for example #Coin."
        : "The layer has no name. Give it one, for example Play_button.";
  return [{ code: "EMPTY_BASE_NAME", message }];
}

function unknownTagProblems(parsed: ParsedLayerName): LayerNameProblem[] {
  return parsed.tags.flatMap((tag) => {
    if (tag.known || !tag.suggestion) return [];
    const meant = `_${tag.suggestion}`;
    const message =
      tag.slug.toLowerCase() === tag.suggestion
        ? `“${tag.token}” is not read as a tag because tags are written in lower case. Write “${meant}”.`
        : `“${tag.token}” is not a ${PRODUCT_NAME} tag. Did you mean “${meant}”?`;
    return [{ code: "UNKNOWN_TAG" as const, message, tagSlug: tag.suggestion }];
  });
}

function tagInsideBaseProblems(parsed: ParsedLayerName): LayerNameProblem[] {
  const pieces = parsed.baseName.split("_");
  return pieces.flatMap((piece, index) => {
    if (index === 0 || !isSuffixTagSlug(piece)) return [];
    const moved = formatLayerName({
      ...parsed,
      baseName: pieces.filter((_, i) => i !== index).join("_"),
      tags: [{ token: `_${piece}`, slug: piece, known: true }, ...parsed.tags],
    });
    return [
      {
        code: "TAG_NOT_AT_END" as const,
        message: `“_${piece}” is in the middle of the name, so it is read as part of the name, not as a tag. If you meant the tag, move it to the end: ${moved}.`,
        tagSlug: piece,
      },
    ];
  });
}

/** Tags that each decide which Roblox instance the layer becomes; a layer can only be one. */
const INSTANCE_TAGS: Partial<Record<SuffixTagSlug, string>> = {
  button: "a button",
  scroll: "a ScrollingFrame",
  scrollx: "a ScrollingFrame",
  box: "a TextBox",
  vpf: "a ViewportFrame",
  canvas: "a CanvasGroup",
};

function conflictProblems(parsed: ParsedLayerName): LayerNameProblem[] {
  const problems: LayerNameProblem[] = [];
  const conflict = (message: string, tagSlug: TagSlug) => problems.push({ code: "CONFLICTING_TAGS", message, tagSlug });
  const slugs = knownSlugs(parsed);
  const distinct = [...new Set(slugs)];
  const base = exampleBase(parsed);

  for (const slug of distinct) {
    if (slugs.filter((s) => s === slug).length > 1)
      conflict(`“_${slug}” is written more than once; once is enough.`, slug);
  }

  if (distinct.includes("ignore")) {
    const others = [
      ...(parsed.iconPrefix ? ["the # prefix"] : []),
      ...distinct.filter((s) => s !== "ignore").map((s) => `_${s}`),
    ];
    if (others.length > 0) {
      conflict(
        `_ignore leaves this layer out of the export, so ${listInWords(others)} ${others.length === 1 ? "has" : "have"} no effect. Remove ${others.length === 1 ? "it" : "them"}, or remove _ignore if the layer should be exported.`,
        "ignore",
      );
    }
  }

  const states = distinct.filter(isStateTagSlug);
  if (distinct.includes("button")) {
    for (const state of states) {
      conflict(
        `“_${state}” belongs on its own layer beside the button (${base}_${state}), not on the _button layer itself.`,
        state,
      );
    }
  } else if (states.length > 1) {
    conflict(
      `A layer holds one button look. Split ${listInWords(states.map((s) => `_${s}`))} into separate layers: ${listInWords(states.map((s) => `${base}_${s}`))}.`,
      states[1],
    );
  }

  if (distinct.includes("scroll") && distinct.includes("scrollx")) {
    conflict(
      "A layer scrolls in one direction: keep _scroll for up and down or _scrollx for sideways, not both. To scroll both ways, put a _scrollx frame inside a _scroll frame.",
      "scrollx",
    );
  }

  const instanceTags = distinct.filter((slug) => INSTANCE_TAGS[slug]);
  for (let i = 0; i < instanceTags.length; i++) {
    for (let j = i + 1; j < instanceTags.length; j++) {
      const [first, second] = [instanceTags[i], instanceTags[j]];
      if (first.startsWith("scroll") && second.startsWith("scroll")) continue;
      conflict(
        `_${first} and _${second} both decide what this layer becomes (${INSTANCE_TAGS[first]} and ${INSTANCE_TAGS[second]}), and it can only be one. Keep one, or nest one layer inside another.`,
        second,
      );
    }
  }
  return problems;
}

/** ["a", "b", "c"] → "a, b and c". */
function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const LAYER_NAMES: Record<LayerType, string> = {
  frame: "frame",
  group: "group",
  component: "component",
  instance: "component instance",
  vector: "vector",
  image: "image",
  text: "text layer",
};

const WRONG_LAYER_HINTS: Partial<Record<TagSlug, string>> = {
  scroll: "Wrap the content in a frame and tag the frame.",
  scrollx: "Wrap the content in a frame and tag the frame.",
  box: "Tag the text layer inside the field instead.",
  gray: "Tag the image or vector inside it, or add _image first to flatten it into one image.",
  image: "Text stays text; to bake a styled title into a picture, group it and tag the group.",
  canvas: "Tag the frame or group that holds it instead.",
  icon: "Text layers are not uploaded as images, so there is nothing to reuse.",
};

function layerTypeProblems(parsed: ParsedLayerName, layerType: LayerType): LayerNameProblem[] {
  const slugs: TagSlug[] = [...(parsed.iconPrefix ? (["icon"] as const) : []), ...new Set(knownSlugs(parsed))];
  // _image turns the layer into an image first, so _gray can follow it on a group.
  const flattened = slugs.includes("image") && tagAppliesTo(tagBySlug("image")!, layerType);
  return slugs.flatMap((slug) => {
    const tag = tagBySlug(slug)!;
    if (tagAppliesTo(tag, layerType) || (slug === "gray" && flattened)) return [];
    const hint = WRONG_LAYER_HINTS[slug];
    const targets = describeTagTargets(tag.appliesTo);
    return [
      {
        code: "TAG_NOT_ALLOWED_ON_LAYER" as const,
        message: `${tag.token} does nothing on this ${LAYER_NAMES[layerType]}: it works ${targets.startsWith("any") ? "on" : "only on"} ${targets}.${hint ? ` ${hint}` : ""}`,
        tagSlug: slug,
      },
    ];
  });
}

function missingButtonProblems(parsed: ParsedLayerName, siblings: readonly string[]): LayerNameProblem[] {
  const state = knownSlugs(parsed).find(isStateTagSlug);
  if (!state || parsed.baseName.trim() === "" || knownSlugs(parsed).includes("button")) return [];
  const buttons = siblings
    .map(parseLayerName)
    .filter((sibling) => sibling.tags.some((t) => t.known && t.slug === "button"));
  if (buttons.some((button) => button.baseName === parsed.baseName)) return [];

  const expected = `${parsed.baseName}_button`;
  const lookAlike = (text: string) => text.replace(/\s+/g, "").toLowerCase();
  const close = buttons.find((button) => lookAlike(button.baseName) === lookAlike(parsed.baseName));
  const message = close
    ? `“${close.raw.trim()}” is close, but a state pairs with its button only when the base names match exactly, capitals and spaces included. Rename one so they share the base name ${parsed.baseName}.`
    : `No layer named ${expected} sits beside this one. A _${state} layer needs a button with exactly the same base name at the same level, for example ${expected} next to ${parsed.baseName}_${state}.`;
  return [{ code: "MISSING_BUTTON_BASE", message, tagSlug: state }];
}

function suggestName(parsed: ParsedLayerName): string | undefined {
  if (parsed.baseName.trim() === "") return undefined;
  const seen = new Set<string>();
  const tags = parsed.tags.flatMap((tag) => {
    const slug = tag.known ? tag.slug : (tag.suggestion ?? tag.slug);
    if (seen.has(slug)) return [];
    seen.add(slug);
    return [{ token: `_${slug}`, slug, known: isSuffixTagSlug(slug) }];
  });
  const suggested = formatLayerName({ ...parsed, tags });
  return suggested === normaliseLayerName(parsed.raw) ? undefined : suggested;
}
