/**
 * cn and the class merges a server-rendered page carries (web/lib/utils.ts): the browser answers the
 * server's merges from the page instead of building tailwind-merge's table during hydration, and
 * falls back to tailwind-merge for anything the server never merged.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { twMerge } from "tailwind-merge";
import { adoptClassMerges, cn, recordClassMerges } from "../../web/lib/utils";

afterEach(() => adoptClassMerges(null));

describe("cn", () => {
  test("lets later Tailwind classes win, as tailwind-merge does", () => {
    expect(cn("px-2 py-1 text-sm", "px-4", false && "hidden")).toBe("py-1 text-sm px-4");
    expect(cn("h-10 text-sm", { "h-9": true, "text-lg": false })).toBe("text-sm h-9");
  });

  test("takes a lone class list as written", () => {
    expect(cn("p-2 p-4", undefined, null, false)).toBe("p-2 p-4");
  });

  test("answers from the page's merges first, and from tailwind-merge for a list the page doesn't have", () => {
    adoptClassMerges({ "p-2 p-4": "p-4 as-the-server-merged", "m-1 gap-2": 1 });
    expect(cn("p-2", "p-4")).toBe("p-4 as-the-server-merged");
    expect(cn("m-1", "gap-2")).toBe("m-1 gap-2");
    expect(cn("m-1", "m-3")).toBe("m-3");
    adoptClassMerges(null);
    expect(cn("p-2", "p-4")).toBe("p-4");
  });

  test("ignores an entry that is neither a class list nor 1", () => {
    adoptClassMerges({ "p-2 p-4": 7 as unknown as 1 });
    expect(cn("p-2", "p-4")).toBe("p-4");
  });
});

describe("recordClassMerges", () => {
  test("returns the merges a render made, 1 for a list that was already merged", async () => {
    const { result, merges } = await recordClassMerges(async () => {
      await Promise.resolve();
      return [cn("p-2", "p-4"), cn("flex", "gap-2"), cn("only-one")].join("|");
    });
    expect(result).toBe("p-4|flex gap-2|only-one");
    expect(merges).toEqual({ "p-2 p-4": "p-4", "flex gap-2": 1 });
    for (const [joined, merged] of Object.entries(merges)) expect(merged === 1 ? joined : merged).toBe(twMerge(joined));
  });

  test("records nothing outside a render", async () => {
    cn("p-2", "p-6");
    const { merges } = await recordClassMerges(async () => cn("m-1", "m-2"));
    expect(merges).toEqual({ "m-1 m-2": "m-2" });
  });
});
