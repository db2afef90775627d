/**
 * Work kept once done (a rendered page) runs with the JIT reluctant (src/lib/reluctant-jit.ts); the normal
 * policy comes back when the last such work ends, also when it fails.
 */
import { afterAll, afterEach, expect, spyOn, test } from "bun:test";
import { SERVING_JIT_POLICY, RELUCTANT_JIT_POLICY, withReluctantJit } from "../../src/lib/reluctant-jit";

const policies = spyOn(Bun.unsafe, "setJITPolicy");
afterEach(() => policies.mockClear());
// The files after this one in the same worker call the real function.
afterAll(() => policies.mockRestore());

test("overlapping work sets the reluctant policy once and the serving one after the last", async () => {
  let finishFirst!: () => void;
  const first = withReluctantJit(() => new Promise<void>((resolve) => (finishFirst = resolve)));
  const second = withReluctantJit(async () => "second");
  expect(await second).toBe("second");
  expect(policies.mock.calls).toEqual([[RELUCTANT_JIT_POLICY]]);
  finishFirst();
  await first;
  expect(policies.mock.calls).toEqual([[RELUCTANT_JIT_POLICY], [SERVING_JIT_POLICY]]);
});

test("work that fails still gives the serving policy back", async () => {
  await expect(
    withReluctantJit(async () => {
      throw new Error("render failed");
    }),
  ).rejects.toThrow("render failed");
  expect(policies.mock.calls).toEqual([[RELUCTANT_JIT_POLICY], [SERVING_JIT_POLICY]]);
});

test("a rendered page is made with the JIT reluctant", async () => {
  const { createPageRenderer } = await import("../../src/features/site/pages");
  const page = createPageRenderer("http://localhost", async () => ({
    search: "",
    seeds: [],
    plans: [],
    key: "",
    variant: false,
    pluginInstallUrl: null,
  }));
  const rendered = await page("/terms");
  expect(rendered.status).toBe(200);
  expect(policies.mock.calls).toEqual([[RELUCTANT_JIT_POLICY], [SERVING_JIT_POLICY]]);
}, 60_000);
