import { describe, expect, test } from "bun:test";
import { checkLayerName, parseLayerName } from "../../src/shared/layer-name";
import { PRODUCT_NAME } from "../../src/shared/product";
import {
  describeTagTargets,
  TAG_CATEGORIES,
  TAG_CHAIN,
  tagBySlug,
  tagByToken,
  tagPath,
  TAGS,
  tagsInCategory,
  type TagDoc,
  type TagSlug,
} from "../../src/shared/tags";

const ALL_SLUGS: TagSlug[] = [
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
];

describe("the page chain", () => {
  test("next leads from gray through all 17 tags to icon, which ends the chain", () => {
    const visited: TagSlug[] = [];
    let current: TagDoc | undefined = tagBySlug("gray");
    while (current) {
      visited.push(current.slug);
      current = current.next ? tagBySlug(current.next) : undefined;
      if (visited.length > TAGS.length) throw new Error("the chain loops");
    }
    expect(visited).toEqual(ALL_SLUGS);
  });

  test("prev leads from icon back to gray, which has no previous page", () => {
    const visited: TagSlug[] = [];
    let current: TagDoc | undefined = tagBySlug("icon");
    while (current) {
      visited.push(current.slug);
      current = current.prev ? tagBySlug(current.prev) : undefined;
      if (visited.length > TAGS.length) throw new Error("the chain loops");
    }
    expect(visited).toEqual([...ALL_SLUGS].reverse());
    expect(tagBySlug("gray")!.prev).toBeNull();
  });

  test("TAGS is listed in page order", () => {
    expect(TAGS.map((tag) => tag.slug)).toEqual(ALL_SLUGS);
    expect([...TAG_CHAIN]).toEqual(ALL_SLUGS);
  });

  test("the product's named neighbours are the ones the pages link to", () => {
    expect(tagBySlug("lock")!.next).toBe("ignore");
    expect(tagBySlug("ignore")!.next).toBe("parent");
    expect(tagBySlug("parent")!.next).toBe("clicked");
    expect(tagBySlug("clicked")!.next).toBe("hover");
    expect(tagBySlug("icon")!.prev).toBe("canvas");
    expect(tagBySlug("icon")!.next).toBeNull();
  });
});

describe("identity of each tag", () => {
  test("slugs and tokens are unique", () => {
    expect(new Set(TAGS.map((tag) => tag.slug)).size).toBe(17);
    expect(new Set(TAGS.map((tag) => tag.token)).size).toBe(17);
  });

  test("a suffix tag's slug is its token without the underscore; # is the icon prefix", () => {
    for (const tag of TAGS) {
      if (tag.slug === "icon") {
        expect(tag).toMatchObject({ token: "#", kind: "prefix" });
      } else {
        expect(tag.token).toBe(`_${tag.slug}`);
        expect(tag.kind).toBe("suffix");
      }
    }
  });

  test("lookups by slug and by token find the same tag", () => {
    expect(tagByToken("_lock")).toBe(tagBySlug("lock")!);
    expect(tagByToken("#")).toBe(tagBySlug("icon")!);
    expect(tagBySlug("nope")).toBeUndefined();
    expect(tagByToken("lock")).toBeUndefined();
    expect(tagPath("icon")).toBe("/docs/icon");
  });

  test("the product's fixed titles are exact", () => {
    expect(tagBySlug("lock")!.title).toBe("Aspect Ratio Constraint Tag");
    expect(tagBySlug("ignore")!.title).toBe("Export Exclusion Tag");
    expect(tagBySlug("parent")!.title).toBe("Parent Hierarchy Tag");
    expect(tagBySlug("clicked")!.title).toBe("Button Clicked State Tag");
  });
});

describe("categories of the documentation index", () => {
  test("four categories in index order, each listing its tags as the vocabulary's table does", () => {
    expect(TAG_CATEGORIES.map((c) => [c.name, c.tags])).toEqual([
      ["Basic Export", ["gray", "image", "ignore", "icon"]],
      ["Layout & Scrolling", ["scroll", "scrollx", "parent", "abs", "lock"]],
      ["Interactive States", ["button", "hover", "clicked", "disabled", "toggled"]],
      ["Advanced Components", ["box", "vpf", "canvas"]],
    ]);
  });

  test("every tag a category lists exists and says it belongs to that category", () => {
    for (const category of TAG_CATEGORIES) {
      for (const slug of category.tags) expect(tagBySlug(slug)?.category).toBe(category.id);
      expect(tagsInCategory(category.id).map((tag) => tag.slug)).toEqual([...category.tags]);
    }
  });

  test("every tag is in exactly one category", () => {
    const listed = TAG_CATEGORIES.flatMap((category) => category.tags);
    expect([...listed].sort()).toEqual([...ALL_SLUGS].sort());
  });
});

describe("the rules of layer names and tags", () => {
  const text = (tag: TagDoc) =>
    [
      tag.summary,
      tag.becomes,
      ...tag.overview,
      ...tag.howToUse,
      ...tag.bestPractices,
      ...tag.importantNotes,
      ...tag.pitfalls,
    ].join("\n");

  test("where each tag works", () => {
    expect(tagBySlug("scroll")!.appliesTo).toEqual(["frame", "group"]);
    expect(tagBySlug("scrollx")!.appliesTo).toEqual(["frame", "group"]);
    expect(tagBySlug("box")!.appliesTo).toEqual(["text"]);
    expect(tagBySlug("gray")!.appliesTo).toEqual(["image", "vector"]);
    expect(tagBySlug("button")!.appliesTo).toEqual(
      expect.arrayContaining(["frame", "group", "vector", "image", "text"]),
    );
    expect(describeTagTargets(tagBySlug("scroll")!.appliesTo)).toBe("frames or groups");
    expect(describeTagTargets(tagBySlug("lock")!.appliesTo)).toBe("any layer");
    expect(describeTagTargets(tagBySlug("button")!.appliesTo)).toBe("any layer");
  });

  test("what each tag becomes in the game", () => {
    expect(tagBySlug("button")!.becomes).toContain("ImageButton");
    expect(tagBySlug("button")!.becomes).toContain("TextButton");
    expect(tagBySlug("image")!.becomes).toContain("ImageLabel");
    expect(tagBySlug("gray")!.becomes).toContain("ImageColor3");
    expect(tagBySlug("scroll")!.becomes).toContain("ScrollingFrame");
    expect(tagBySlug("scrollx")!.becomes).toContain("ScrollingFrame");
    expect(tagBySlug("box")!.becomes).toContain("TextBox");
    expect(tagBySlug("vpf")!.becomes).toContain("ViewportFrame");
    expect(tagBySlug("canvas")!.becomes).toContain("CanvasGroup");
    expect(tagBySlug("lock")!.becomes).toContain("UIAspectRatioConstraint");
    expect(tagBySlug("lock")!.becomes).toContain("FitWithinMaxSize");
  });

  test("the icon page states identical content and the 5 → 1 saving", () => {
    const icon = text(tagBySlug("icon")!);
    expect(icon).toContain("identical visual content");
    expect(icon).toContain("80%");
    expect(icon).toMatch(/5 images become 1/);
  });

  test("every state page says the base name must match the button exactly", () => {
    for (const slug of ["hover", "clicked", "disabled", "toggled"]) {
      expect(text(tagBySlug(slug)!)).toContain("must match the _button exactly");
    }
  });

  test("ignore excludes children, parent touches only same-level siblings, lock's ratio comes from the design", () => {
    expect(text(tagBySlug("ignore")!)).toContain("children");
    expect(text(tagBySlug("parent")!)).toContain("siblings at the same level");
    expect(text(tagBySlug("lock")!)).toContain("dimensions in your design");
    expect(text(tagBySlug("lock")!)).toContain("determined automatically");
  });

  test("the product is named through PRODUCT_NAME", () => {
    expect(TAGS.some((tag) => text(tag).includes(PRODUCT_NAME))).toBe(true);
  });
});

describe("page content", () => {
  test("every page has all of its sections filled in", () => {
    for (const tag of TAGS) {
      expect(tag.title.length).toBeGreaterThan(0);
      expect(tag.summary.length).toBeGreaterThan(0);
      expect(tag.becomes.length).toBeGreaterThan(0);
      expect(tag.appliesTo.length).toBeGreaterThan(0);
      expect(tag.overview.length).toBeGreaterThan(0);
      expect(tag.howToUse.length).toBeGreaterThanOrEqual(3);
      expect(tag.bestPractices.length).toBeGreaterThan(0);
      expect(tag.importantNotes.length).toBeGreaterThan(0);
      expect(tag.pitfalls.length).toBeGreaterThan(0);
      expect(tag.example.layers.length).toBeGreaterThan(2);
    }
  });

  test("every example tree starts at a screen and nests one level at a time", () => {
    for (const tag of TAGS) {
      const depths = tag.example.layers.map((layer) => layer.depth);
      expect(depths[0]).toBe(0);
      depths.slice(1).forEach((depth, i) => {
        expect(depth).toBeGreaterThanOrEqual(1);
        expect(depth).toBeLessThanOrEqual(depths[i] + 1);
      });
    }
  });

  test("every example uses its own tag in a layer name", () => {
    for (const tag of TAGS) {
      const uses = tag.example.layers.some((layer) => {
        const parsed = parseLayerName(layer.name);
        return tag.slug === "icon" ? parsed.iconPrefix : parsed.tags.some((t) => t.known && t.slug === tag.slug);
      });
      expect(uses, `${tag.slug} example`).toBe(true);
    }
  });

  test("every layer name in the examples passes the layer-name checker beside its siblings", () => {
    for (const tag of TAGS) {
      const layers = tag.example.layers;
      layers.forEach((layer, index) => {
        const siblings = layers.filter(
          (other, j) => other.depth === layer.depth && parentIndex(layers, j) === parentIndex(layers, index),
        );
        const { problems } = checkLayerName(layer.name, { siblings: siblings.map((s) => s.name) });
        expect(problems, `${tag.slug}: ${layer.name}`).toEqual([]);
      });
    }
  });
});

/** Index of the nearest layer above with a smaller depth. */
function parentIndex(layers: readonly { depth: number }[], index: number): number {
  for (let i = index - 1; i >= 0; i--) if (layers[i].depth < layers[index].depth) return i;
  return -1;
}
