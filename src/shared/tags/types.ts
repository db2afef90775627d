/** The vocabulary designers use in layer names (docs/architecture.md#tags), shared by the docs pages and the layer-name checker. */

/** Page slug of a tag: the tag without its underscore; the # prefix is `icon`. */
export type TagSlug =
  | "gray"
  | "button"
  | "scroll"
  | "image"
  | "lock"
  | "ignore"
  | "parent"
  | "clicked"
  | "hover"
  | "disabled"
  | "toggled"
  | "scrollx"
  | "abs"
  | "box"
  | "vpf"
  | "canvas"
  | "icon";

/** Slugs of the tags written as `_word` at the end of a layer name (everything but the # prefix). */
export type SuffixTagSlug = Exclude<TagSlug, "icon">;

/** How the tag is written in a layer name: `_lock`, or `#` for the prefix. */
type TagToken = `_${SuffixTagSlug}` | "#";

type TagKind = "suffix" | "prefix";

export type TagCategoryId = "basic-export" | "layout-scrolling" | "interactive-states" | "advanced-components";

/** Layer types as the design tool names them. */
export type LayerType = "frame" | "group" | "component" | "instance" | "vector" | "image" | "text";

export const LAYER_TYPES = [
  "frame",
  "group",
  "component",
  "instance",
  "vector",
  "image",
  "text",
] as const satisfies readonly LayerType[];

/** Labels for a layer-type picker. */
export const LAYER_TYPE_LABELS: Record<LayerType, string> = {
  frame: "Frame",
  group: "Group",
  component: "Component",
  instance: "Component instance",
  vector: "Vector",
  image: "Image",
  text: "Text",
};

/** Where a tag is valid; `any` means every layer type. */
export type TagTarget = LayerType | "any";

/** One row of an example layer tree; depth 0 is the screen, each level of nesting adds 1. */
interface ExampleLayer {
  name: string;
  depth: number;
  note?: string;
}

interface TagExample {
  /** One sentence saying what the tree shows. */
  caption: string;
  layers: readonly ExampleLayer[];
}

/** What a tag's page says, written once per tag in the category files. */
export interface TagContent {
  slug: TagSlug;
  token: TagToken;
  kind: TagKind;
  title: string;
  /** One line for the card on the documentation index. */
  summary: string;
  /** What the tag produces in the game's UI (instance or property). */
  becomes: string;
  appliesTo: readonly TagTarget[];
  overview: readonly string[];
  /** Ordered steps. */
  howToUse: readonly string[];
  bestPractices: readonly string[];
  importantNotes: readonly string[];
  example: TagExample;
  pitfalls: readonly string[];
}

/** A tag as the pages use it: its content plus its place in the docs. */
export interface TagDoc extends TagContent {
  category: TagCategoryId;
  /** Previous page in the chain; null on the first page. */
  prev: TagSlug | null;
  /** Next page in the chain; null on the last page, which links back to /docs instead. */
  next: TagSlug | null;
}

export interface TagCategory {
  id: TagCategoryId;
  name: string;
  description: string;
  /** The category's tags in the order of the documentation index. */
  tags: readonly TagSlug[];
}
