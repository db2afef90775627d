/**
 * The API's sentences in the caller's language: a refusal's `message` follows the request's
 * Accept-Language (the SPA sends its page's language, a plugin its user's), its `error` code and fields
 * never change, English stays as it was, and a header naming none of our languages, or a malformed one,
 * gets English.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import english from "../../src/shared/locales/en.json";
import german from "../../src/shared/locales/de.json";
import french from "../../src/shared/locales/fr.json";
import portuguese from "../../src/shared/locales/pt-BR.json";
import spanish from "../../src/shared/locales/es.json";
import { PLUGIN_ANSWERS } from "../../src/shared/api/plugin-answers";
import { call, makeKey, makeTestApp, signUpUser } from "../support/app";

const ctx = makeTestApp();
afterAll(() => ctx.cleanup());

const signIn = (headers: Record<string, string>) =>
  call(ctx.app, "POST", "/api/auth/login", {
    body: { email: "nobody@example.com", password: "not the password" },
    headers,
  });

describe("a refusal's sentence in the request's language", () => {
  test("a wrong password: German, Brazilian Portuguese for pt-PT, English for English, none or nonsense", async () => {
    const inGerman = await signIn({ "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
    expect(inGerman.status).toBe(401);
    expect(inGerman.body).toEqual({ error: "INVALID_CREDENTIALS", message: german["api.INVALID_CREDENTIALS"] });
    expect((await signIn({ "accept-language": "pt-PT" })).body.message).toBe(portuguese["api.INVALID_CREDENTIALS"]);
    const englishHeaders: Record<string, string>[] = [
      {},
      { "accept-language": "en-US,de;q=0.5" },
      { "accept-language": "ja" },
      { "accept-language": ";;q=x,,," },
    ];
    for (const header of englishHeaders) {
      expect((await signIn(header)).body.message).toBe("Invalid email or password");
    }
  });

  test("a used product key at sign-up, in Spanish", async () => {
    const user = await signUpUser(ctx);
    const key = await makeKey(ctx.deps);
    await call(ctx.app, "POST", "/api/subscription/redeem", { body: { productKey: key }, token: user.token });
    const again = await call(ctx.app, "POST", "/api/auth/signup", {
      body: {
        email: "second@example.com",
        password: "correct horse",
        confirmPassword: "correct horse",
        productKey: key,
      },
      headers: { "accept-language": "es" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "PRODUCT_KEY_USED", message: spanish["api.PRODUCT_KEY_USED"] });
  });

  test("the plugin's refusal keeps its fields and speaks French", async () => {
    const answer = await call(ctx.app, "POST", "/api/plugin/validate", {
      body: { key: "ll_notakeyatallnotakeyatall", robloxUserId: "123" },
      headers: { "accept-language": "fr" },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      valid: false,
      code: "INVALID_KEY",
      error: "INVALID_KEY",
      message: french["api.INVALID_KEY"],
    });
  });

  test("a sentence no catalogue message matches stays English", async () => {
    const answer = await call(ctx.app, "GET", "/api/no-such-endpoint", { headers: { "accept-language": "de" } });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe("No API endpoint at /api/no-such-endpoint.");
  });
});

describe("the catalogue's API sentences", () => {
  const apiMessages = Object.entries(english).filter(([id]) => id.startsWith("api."));

  test("every sentence a plugin can be answered with has its message, in every language", () => {
    const sentences = new Set(apiMessages.map(([, text]) => text));
    const answers = Object.values(PLUGIN_ANSWERS).filter(
      (answer) => answer.message && answer.code !== "INVALID_REQUEST",
    );
    for (const answer of answers) expect(sentences).toContain(answer.message!);
    for (const catalogue of [german, french, portuguese, spanish] as Record<string, string>[]) {
      for (const [id] of apiMessages) expect(catalogue[id]).toBeTruthy();
    }
  });

  // A sentence reworded in the code and not in the catalogue would silently fall back to English.
  test("every English API message is a sentence the server's code still says", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith(".ts") && !path.includes("locales")) files.push(readFileSync(path, "utf8"));
      }
    };
    walk(join(import.meta.dir, "../../src"));
    const source = files.join("\n");
    const missing = apiMessages.filter(([, text]) => !source.includes(text));
    expect(missing).toEqual([]);
  });
});
