/**
 * The tag vocabulary (docs/architecture.md#tags): one entry per tag, written in src/shared/tags/ by category,
 * assembled here into the page chain and the index categories.
 */
import { ADVANCED_COMPONENTS_TAGS } from "./tags/advanced-components";
import { BASIC_EXPORT_TAGS } from "./tags/basic-export";
import { INTERACTIVE_STATES_TAGS } from "./tags/interactive-states";
import { LAYOUT_SCROLLING_TAGS } from "./tags/layout-scrolling";
import { LAYER_TYPES } from "./tags/types";
import type {
  LayerType,
  SuffixTagSlug,
  TagCategory,
  TagCategoryId,
  TagContent,
  TagDoc,
  TagSlug,
  TagTarget,
} from "./tags/types";

export * from "./tags/types";

/** Order of the documentation pages (previous/next); the page after the last is the index. */
export const TAG_CHAIN = [
  "gray",
  "button",
  "scroll",
  "image",
  "lock",
  "ignore",
  "parent",
  "clicked",
  "hover",
  "disabled",
  "toggled",
  "scrollx",
  "abs",
  "box",
  "vpf",
  "canvas",
  "icon",
] as const satisfies readonly TagSlug[];

const CATEGORY_CONTENT: ReadonlyArray<{
  id: TagCategoryId;
  name: string;
  description: string;
  tags: readonly TagContent[];
}> = [
  {
    id: "basic-export",
    name: "Basic Export",
    description: "Decide what is exported and how images are uploaded.",
    tags: BASIC_EXPORT_TAGS,
  },
  {
    id: "layout-scrolling",
    name: "Layout & Scrolling",
    description: "Shape the hierarchy, scrolling and proportions of your screens.",
    tags: LAYOUT_SCROLLING_TAGS,
  },
  {
    id: "interactive-states",
    name: "Interactive States",
    description: "Make layers clickable and give buttons their hover, pressed, inactive and toggled looks.",
    tags: INTERACTIVE_STATES_TAGS,
  },
  {
    id: "advanced-components",
    name: "Advanced Components",
    description: "Text input, 3D model previews and effects on whole groups.",
    tags: ADVANCED_COMPONENTS_TAGS,
  },
];

/** The four categories of the documentation index, each with its tags in index order. */
export const TAG_CATEGORIES: readonly TagCategory[] = CATEGORY_CONTENT.map(({ tags, ...category }) => ({
  ...category,
  tags: tags.map((tag) => tag.slug),
}));

const contentBySlug = new Map<TagSlug, { content: TagContent; category: TagCategoryId }>(
  CATEGORY_CONTENT.flatMap(({ id, tags }) => tags.map((content) => [content.slug, { content, category: id }] as const)),
);

/** All 17 tags in page order (gray → … → icon), with their category and neighbours. */
export const TAGS: readonly TagDoc[] = TAG_CHAIN.map((slug, index) => {
  const entry = contentBySlug.get(slug);
  if (!entry) throw new Error(`Tag "${slug}" is in the page chain but has no content`);
  return {
    ...entry.content,
    category: entry.category,
    prev: TAG_CHAIN[index - 1] ?? null,
    next: TAG_CHAIN[index + 1] ?? null,
  };
});

const tagsBySlug = new Map<string, TagDoc>(TAGS.map((tag) => [tag.slug, tag]));
const tagsByToken = new Map<string, TagDoc>(TAGS.map((tag) => [tag.token, tag]));

/** The tag whose page is /docs/{slug}: `tagBySlug("lock")`, `tagBySlug("icon")`. */
export function tagBySlug(slug: string): TagDoc | undefined {
  return tagsBySlug.get(slug);
}

/** The tag as written in a layer name: `tagByToken("_lock")`, `tagByToken("#")`. */
export function tagByToken(token: string): TagDoc | undefined {
  return tagsByToken.get(token);
}

export function tagCategory(id: TagCategoryId): TagCategory {
  const category = TAG_CATEGORIES.find((c) => c.id === id);
  if (!category) throw new Error(`Unknown tag category "${id}"`);
  return category;
}

/** A category's tags in index order, ready to render as cards. */
export function tagsInCategory(id: TagCategoryId): TagDoc[] {
  return tagCategory(id).tags.map((slug) => tagsBySlug.get(slug)!);
}

/** Slugs of the tags written as `_word` suffixes, i.e. every tag but the # prefix. */
export const SUFFIX_TAG_SLUGS: readonly SuffixTagSlug[] = TAGS.filter((tag) => tag.kind === "suffix").map(
  (tag) => tag.slug as SuffixTagSlug,
);

export function isSuffixTagSlug(value: string): value is SuffixTagSlug {
  return value !== "icon" && tagsBySlug.has(value);
}

/** The looks a _button can have on sibling layers sharing its base name. */
const STATE_TAG_SLUGS = ["hover", "clicked", "disabled", "toggled"] as const satisfies readonly SuffixTagSlug[];
type StateTagSlug = (typeof STATE_TAG_SLUGS)[number];

export function isStateTagSlug(value: string): value is StateTagSlug {
  return (STATE_TAG_SLUGS as readonly string[]).includes(value);
}

/** Path of a tag's documentation page. */
export function tagPath(slug: TagSlug): string {
  return `/docs/${slug}`;
}

export function tagAppliesTo(tag: TagDoc, layerType: LayerType): boolean {
  return tag.appliesTo.includes("any") || tag.appliesTo.includes(layerType);
}

const PLURAL_LAYER_NAMES: Record<LayerType, string> = {
  frame: "frames",
  group: "groups",
  component: "components",
  instance: "component instances",
  vector: "vectors",
  image: "images",
  text: "text layers",
};

/** "frames or groups", "text layers", "any layer": for sentences about where a tag works. */
export function describeTagTargets(targets: readonly TagTarget[]): string {
  if (targets.includes("any")) return "any layer";
  const missing = LAYER_TYPES.filter((type) => !targets.includes(type));
  if (missing.length === 0) return "any layer";
  if (missing.length === 1) return `any layer except ${PLURAL_LAYER_NAMES[missing[0]]}`;
  const names = targets.map((target) => PLURAL_LAYER_NAMES[target as LayerType]);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}
