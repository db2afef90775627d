import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  checkLayerName,
  formatLayerName,
  normaliseLayerName,
  parseLayerName,
  suggestTagFor,
  type LayerNameProblemCode,
} from "../../src/shared/layer-name";
import { SUFFIX_TAG_SLUGS, type LayerType } from "../../src/shared/tags";

const codes = (name: string, options?: Parameters<typeof checkLayerName>[1]): LayerNameProblemCode[] =>
  checkLayerName(name, options).problems.map((problem) => problem.code);

const knownTags = (slugs: readonly string[]) => slugs.map((slug) => ({ token: `_${slug}`, slug, known: true }));

describe("reading names from the docs", () => {
  test("#Coin_button_lock is a reused coin that is a button with a locked ratio", () => {
    expect(parseLayerName("#Coin_button_lock")).toEqual({
      raw: "#Coin_button_lock",
      baseName: "Coin",
      iconPrefix: true,
      tags: knownTags(["button", "lock"]),
    });
  });

  test("Shop_parent_scroll chains two tags in the order written", () => {
    const parsed = parseLayerName("Shop_parent_scroll");
    expect(parsed.baseName).toBe("Shop");
    expect(parsed.tags.map((tag) => tag.slug)).toEqual(["parent", "scroll"]);
  });

  test("Play_hover is the hover look of the Play button", () => {
    expect(parseLayerName("Play_hover")).toMatchObject({
      baseName: "Play",
      iconPrefix: false,
      tags: knownTags(["hover"]),
    });
  });

  test("a base name keeps its own underscores: Main_Menu_button is the button Main_Menu", () => {
    expect(parseLayerName("Main_Menu_button")).toMatchObject({ baseName: "Main_Menu", tags: knownTags(["button"]) });
  });

  test("ordinary names have no tags and no problems", () => {
    for (const name of [
      "main_menu",
      "Shop_buttons",
      "Book_cover",
      "Chat_bot",
      "Item_tabs",
      "Shop_bg",
      "Coin_icon",
      "Search_Input",
      "chest_locked",
    ]) {
      expect(parseLayerName(name)).toMatchObject({ baseName: name, tags: [] });
      expect(codes(name), name).toEqual([]);
    }
  });

  test("a name without an underscore is all base name, even if it is a tag word", () => {
    expect(parseLayerName("button")).toMatchObject({ baseName: "button", tags: [] });
  });

  test("surrounding spaces, doubled and trailing underscores are not part of the name", () => {
    expect(parseLayerName("  Play__button_ ")).toMatchObject({ baseName: "Play", tags: knownTags(["button"]) });
    expect(normaliseLayerName("  Play__button_ ")).toBe("Play_button");
  });
});

describe("UNKNOWN_TAG: words that look like tags but aren't", () => {
  test.each([
    ["Play_btn", "button"],
    ["Play_Button", "button"],
    ["Play_HOVER", "hover"],
    ["Play_hovr", "hover"],
    ["Play_disable", "disabled"],
    ["Logo_imgae", "image"],
    ["List_scrolly", "scroll"],
    ["Badge_grey", "gray"],
    ["Play_button2", "button"],
  ])("%s is flagged and points to _%s", (name, meant) => {
    const { problems, suggestedName } = checkLayerName(name);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: "UNKNOWN_TAG", tagSlug: meant });
    expect(problems[0].message).toContain(`_${meant}`);
    expect(suggestedName).toBe(`${parseLayerName(name).baseName}_${meant}`);
  });

  test("an unknown tag between known tags is read as part of the chain", () => {
    const parsed = parseLayerName("Coin_btn_lock");
    expect(parsed.baseName).toBe("Coin");
    expect(parsed.tags.map((tag) => [tag.slug, tag.known])).toEqual([
      ["btn", false],
      ["lock", true],
    ]);
  });

  test("short tags are not matched against near words; capitalised words are names", () => {
    for (const word of ["bot", "tabs", "look", "grab", "Cover", "Input", "buttons", "images"]) {
      expect(suggestTagFor(word), word).toBeNull();
    }
  });
});

describe("TAG_NOT_AT_END", () => {
  test("a tag in the middle of the name is pointed out with the fixed name", () => {
    const { problems } = checkLayerName("Main_button_Menu");
    expect(problems).toEqual([expect.objectContaining({ code: "TAG_NOT_AT_END", tagSlug: "button" })]);
    expect(problems[0].message).toContain("Main_Menu_button");
  });
});

describe("TAG_NOT_ALLOWED_ON_LAYER", () => {
  const on = (name: string, layerType: LayerType) => codes(name, { layerType });

  test("_scroll and _scrollx work on frames and groups, not on text or images", () => {
    expect(on("Items_scroll", "frame")).toEqual([]);
    expect(on("Items_scroll", "group")).toEqual([]);
    expect(on("Title_scroll", "text")).toEqual(["TAG_NOT_ALLOWED_ON_LAYER"]);
    expect(on("Row_scrollx", "image")).toEqual(["TAG_NOT_ALLOWED_ON_LAYER"]);
  });

  test("_box needs a text layer", () => {
    expect(on("Code_box", "text")).toEqual([]);
    expect(on("Code_box", "frame")).toEqual(["TAG_NOT_ALLOWED_ON_LAYER"]);
  });

  test("_gray needs an image or a vector, or a group flattened by _image first", () => {
    expect(on("Star_gray", "image")).toEqual([]);
    expect(on("Star_gray", "vector")).toEqual([]);
    expect(on("Star_gray", "text")).toEqual(["TAG_NOT_ALLOWED_ON_LAYER"]);
    expect(on("Badge_gray", "group")).toEqual(["TAG_NOT_ALLOWED_ON_LAYER"]);
    expect(on("Badge_image_gray", "group")).toEqual([]);
  });

  test("_button works on every layer type; text makes a TextButton", () => {
    for (const type of ["frame", "group", "component", "instance", "vector", "image", "text"] as const) {
      expect(on("Play_button", type)).toEqual([]);
    }
  });

  test("the # prefix does not apply to text layers", () => {
    expect(on("#Coin", "image")).toEqual([]);
    expect(on("#Title", "text")).toEqual(["TAG_NOT_ALLOWED_ON_LAYER"]);
  });

  test("the message names the layer type and where the tag does work", () => {
    const [problem] = checkLayerName("Title_scroll", { layerType: "text" }).problems;
    expect(problem.message).toContain("text layer");
    expect(problem.message).toContain("frames or groups");
  });
});

describe("MISSING_BUTTON_BASE", () => {
  test("a state is fine beside a button with exactly the same base name", () => {
    expect(codes("Play_hover", { siblings: ["Play_button", "Play_hover", "Play_clicked"] })).toEqual([]);
    expect(codes("Play_clicked", { siblings: ["Play_button_lock"] })).toEqual([]);
    expect(codes("#Coin_hover", { siblings: ["#Coin_button"] })).toEqual([]);
  });

  test("a state without its button is flagged", () => {
    const { problems } = checkLayerName("Play_hover", { siblings: ["Shop_button", "PlayBtn_button"] });
    expect(problems).toEqual([expect.objectContaining({ code: "MISSING_BUTTON_BASE", tagSlug: "hover" })]);
    expect(problems[0].message).toContain("Play_button");
  });

  test("a button that differs only in capitals or spaces is named as the near miss", () => {
    const { problems } = checkLayerName("Play_clicked", { siblings: ["play_button"] });
    expect(problems.map((p) => p.code)).toEqual(["MISSING_BUTTON_BASE"]);
    expect(problems[0].message).toContain("play_button");
  });

  test("it is only checked when siblings are given", () => {
    expect(codes("Play_hover")).toEqual([]);
  });
});

describe("CONFLICTING_TAGS", () => {
  test.each([
    ["List_scroll_scrollx", "scrolls in one direction"],
    ["Play_button_hover", "its own layer"],
    ["Play_hover_clicked", "one button look"],
    ["Notes_ignore_lock", "no effect"],
    ["#Coin_ignore", "# prefix"],
    ["Play_lock_lock", "more than once"],
    ["Name_box_button", "can only be one"],
    ["Pet_vpf_canvas", "can only be one"],
  ])("%s", (name, phrase) => {
    const { problems } = checkLayerName(name);
    expect(problems.map((p) => p.code)).toEqual(["CONFLICTING_TAGS"]);
    expect(problems[0].message).toContain(phrase);
  });

  test("chains the docs show are not conflicts", () => {
    for (const name of [
      "Play_button_lock",
      "Shop_parent_scroll",
      "#Close_button",
      "Logo_image_lock",
      "#Star_gray",
      "PetPreview_vpf_lock",
      "Close_button_abs",
    ]) {
      expect(codes(name), name).toEqual([]);
    }
  });

  test("the suggested name drops a repeated tag", () => {
    expect(checkLayerName("Play_btn_lock_lock").suggestedName).toBe("Play_button_lock");
  });
});

describe("EMPTY_BASE_NAME", () => {
  test.each(["_button", "#_button_lock", "", "   ", "#", "___"])("%p has no name", (name) => {
    expect(codes(name)).toContain("EMPTY_BASE_NAME");
  });

  test("the message shows a named example keeping the tags", () => {
    expect(checkLayerName("#_button").problems[0].message).toContain("#Play_button");
  });
});

describe("properties", () => {
  const slug = fc.constantFrom(...SUFFIX_TAG_SLUGS);
  const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
  const capitalisedWord = fc.stringMatching(/^[A-Z][a-z0-9]{0,8}$/);
  /** Pieces a designer might type, tag words and near misses included, to build tricky names. */
  const namePiece = fc.oneof(
    slug,
    word,
    fc.constantFrom("", " ", "#", "btn", "Button", "hovr", "buttons", "_", "__", " _"),
    fc.string({ maxLength: 4 }),
  );
  const trickyName = fc
    .tuple(fc.boolean(), fc.array(namePiece, { maxLength: 6 }))
    .map(([hash, pieces]) => `${hash ? "#" : ""}${pieces.join("_")}`);

  test("a base of letters and digits followed by known tags reads back as written", () => {
    fc.assert(
      fc.property(fc.boolean(), word, fc.array(slug, { maxLength: 5 }), (hash, base, slugs) => {
        const name = `${hash ? "#" : ""}${base}${slugs.map((s) => `_${s}`).join("")}`;
        const parsed = parseLayerName(name);
        expect(parsed.iconPrefix).toBe(hash);
        expect(parsed.baseName).toBe(base);
        expect(parsed.tags).toEqual(knownTags(slugs));
        expect(formatLayerName(parsed)).toBe(name);
      }),
    );
  });

  test("a base made of capitalised words joined by underscores keeps all of them", () => {
    fc.assert(
      fc.property(
        fc.array(capitalisedWord, { minLength: 1, maxLength: 4 }),
        fc.array(slug, { maxLength: 4 }),
        (words, slugs) => {
          const base = words.join("_");
          const parsed = parseLayerName(`${base}${slugs.map((s) => `_${s}`).join("")}`);
          expect(parsed.baseName).toBe(base);
          expect(parsed.tags.map((t) => t.slug)).toEqual(slugs);
        },
      ),
    );
  });

  test("reading and checking never throw, whatever the text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), trickyName), (name) => {
        const { parsed, problems } = checkLayerName(name, { layerType: "text", siblings: [name, "Play_button"] });
        expect(parsed.raw).toBe(name);
        for (const problem of problems) expect(problem.message).toMatch(/[.?]$/);
      }),
    );
  });

  test("normalising is idempotent and keeps what the name means", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), trickyName), (name) => {
        const once = normaliseLayerName(name);
        expect(normaliseLayerName(once)).toBe(once);
        const [before, after] = [parseLayerName(name), parseLayerName(once)];
        expect({ ...after, raw: "" }).toEqual({ ...before, raw: "" });
      }),
    );
  });

  test("a suggested name has no unknown or repeated tags left", () => {
    fc.assert(
      fc.property(trickyName, (name) => {
        const { suggestedName } = checkLayerName(name);
        if (suggestedName === undefined) return;
        const problems = checkLayerName(suggestedName).problems.map((p) => p.code);
        expect(problems).not.toContain("UNKNOWN_TAG");
        expect(problems).not.toContain("EMPTY_BASE_NAME");
        const slugs = parseLayerName(suggestedName).tags.map((t) => t.slug);
        expect(new Set(slugs).size).toBe(slugs.length);
      }),
    );
  });
});
