/**
 * The API reference's script is Scalar's browser build with one accessibility change: each
 * operation's example-answers card is no longer a region landmark. The change applies to the Scalar
 * that is installed (an upgrade that moves that code fails here, not silently), and the site serves
 * the changed script.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import scalarScriptPath from "../../node_modules/@scalar/api-reference/dist/browser/standalone.js" with {
  type: "file",
};
import { patchScalarBuild } from "../../src/features/api-docs/scalar-patch";
import { makeTestApp, type TestContext } from "../support/app";

const REGION_CARD = "class:`response-card`,role:`region`";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

test("the installed Scalar marks the example-answers card as a region, once, and the patch takes that role away", async () => {
  const original = await Bun.file(scalarScriptPath).text();
  expect(original.split(REGION_CARD).length - 1).toBe(1);
  const patch = patchScalarBuild(original);
  expect(patch.applied).toBe(true);
  expect(patch.source).not.toContain(REGION_CARD);
  expect(patch.source).toContain("class:`response-card`},");
  expect(patch.source.length).toBe(original.length - ",role:`region`".length);
});

test("a build without that code, or with it twice, is left as it is and says why", () => {
  const without = patchScalarBuild("createApiReference()");
  expect(without).toEqual({
    source: "createApiReference()",
    applied: false,
    reason: "the example-answers card is no longer marked as a region",
  });
  const twice = `${REGION_CARD};${REGION_CARD}`;
  expect(patchScalarBuild(twice)).toMatchObject({ source: twice, applied: false });
});

test("/api/docs serves the patched script under a name of its own", async () => {
  const page = await (await ctx.app.handle(new Request("http://localhost/api/docs"))).text();
  const path = /src="(\/api\/docs\/scalar-[0-9a-z]+\.js)"/.exec(page)?.[1];
  expect(path).toBeDefined();
  const script = await (await ctx.app.handle(new Request(`http://localhost${path}`))).text();
  expect(script).toContain("createApiReference");
  expect(script).toContain("class:`response-card`},");
  expect(script).not.toContain(REGION_CARD);
});
