/**
 * The SPA names the plugin's key `pluginKey`; the API's answers name it `figmaKey`. The one translation is
 * web/lib/plugin-key-name.ts: the session keeps the signed-in user under the SPA's name, and no other file of the
 * SPA spells the API's.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { PublicUser } from "@shared/api-types";
import { accountUserFrom, generatedPluginKey } from "../../web/lib/plugin-key-name";

const ROOT = resolve(import.meta.dir, "../..");
const WEB = join(ROOT, "web");

const user: PublicUser = {
  id: 7,
  email: "buyer@example.com",
  isAdmin: false,
  figmaKey: "ll_0123456789abcdef0123456789abcdef",
  emailConfirmed: true,
  settings: { notifications: true, autoSync: true, theme: "dark", language: "en" },
  createdAt: "2026-01-02T03:04:05.000Z",
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe("the plugin key's name in the SPA", () => {
  test("the signed-in user carries the API's figmaKey as pluginKey, and everything else as it came", () => {
    const account = accountUserFrom(user);
    const { figmaKey, ...rest } = user;
    expect(account).toEqual({ ...rest, pluginKey: figmaKey });
    expect(account.pluginKey).toBe("ll_0123456789abcdef0123456789abcdef");
    expect("figmaKey" in account).toBe(false);
    expect(accountUserFrom({ ...user, figmaKey: null }).pluginKey).toBeNull();
  });

  test("a generated key is read from the API's answer", () => {
    expect(generatedPluginKey({ figmaKey: "ll_new" })).toBe("ll_new");
  });

  test("no file of the SPA but web/lib/plugin-key-name.ts spells figmaKey", () => {
    const spelling = sourceFiles(WEB)
      .filter((path) => readFileSync(path, "utf8").includes("figmaKey"))
      .map((path) => relative(ROOT, path));
    expect(spelling).toEqual(["web/lib/plugin-key-name.ts"]);
  });
});
