/** Configuration in production refuses what would take no money, send no mail or leak sessions, each with a sentence. */
import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config";
import { PRODUCTION_ENV } from "../support/production-env";

const LIVE = PRODUCTION_ENV;

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return "";
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

describe("production configuration", () => {
  test("live keys, an address and an https site start", () => {
    expect(problems(LIVE)).toBe("");
    expect(problems({ ...LIVE, EMAIL_FROM: "keys@layerlift.example" })).toBe("");
  });

  test("SELLER_ADDRESS is required in production with tax off too: every sale gets an invoice", () => {
    const { SELLER_ADDRESS: _, ...withoutAddress } = LIVE;
    for (const tax of ["off", "stripe"])
      expect(problems({ ...withoutAddress, TAX: tax, SELLER_NAME: "Layerlift Ltd" })).toContain(
        "SELLER_ADDRESS is required in production (it goes on every invoice)",
      );
    expect(problems({ ...withoutAddress, NODE_ENV: "test" })).toBe("");
  });

  test("INVOICE_TAX_NOTE defaults to a neutral sentence and must be one short line", () => {
    expect(loadConfig(LIVE).invoiceTaxNote).toBe("No tax is charged on this sale.");
    const note = "Small business under section 19 UStG: no VAT is charged.";
    expect(loadConfig({ ...LIVE, INVOICE_TAX_NOTE: ` ${note} ` }).invoiceTaxNote).toBe(note);
    for (const bad of ["x".repeat(301), "two\nlines"])
      expect(problems({ ...LIVE, INVOICE_TAX_NOTE: bad })).toContain(
        "INVOICE_TAX_NOTE must be one line of at most 300 characters",
      );
  });

  test("Stripe test keys are refused, unless ALLOW_STRIPE_TEST_KEYS=1 (staging)", () => {
    const test = { ...LIVE, STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc" };
    expect(problems(test)).toContain(
      "Stripe test keys take no real payments: use live keys in production, or set ALLOW_STRIPE_TEST_KEYS=1 for a staging site",
    );
    expect(problems({ ...test, ALLOW_STRIPE_TEST_KEYS: "1" })).toBe("");
  });

  test("a secret and a publishable key from different modes are refused, even for staging", () => {
    const mixed = { ...LIVE, STRIPE_PUBLISHABLE_KEY: "pk_test_abc", ALLOW_STRIPE_TEST_KEYS: "1" };
    expect(problems(mixed)).toContain(
      "STRIPE_SECRET_KEY is a live key and STRIPE_PUBLISHABLE_KEY a test key: use both from the same mode",
    );
  });

  test("an EMAIL_FROM that is not an address is refused", () => {
    for (const from of ["Layerlift", "keys at layerlift.example", "Layerlift <keys>"]) {
      expect(problems({ ...LIVE, EMAIL_FROM: from })).toContain(
        `EMAIL_FROM must be an address, like "Layerlift <keys@example.com>"; got "${from}"`,
      );
    }
  });

  test("an APP_URL that is not https is refused, except for localhost", () => {
    expect(problems({ ...LIVE, APP_URL: "http://layerlift.example" })).toContain(
      "APP_URL must start with https:// in production",
    );
    expect(problems({ ...LIVE, APP_URL: "layerlift.example" })).toContain("APP_URL must be a URL");
    expect(problems({ ...LIVE, APP_URL: "http://localhost:3000" })).toBe("");
    expect(problems({ ...LIVE, APP_URL: "http://127.0.0.1:3000" })).toBe("");
  });

  test("PLUGIN_INSTALL_URL is required in production and must be an https address everywhere", () => {
    const { PLUGIN_INSTALL_URL: _, ...withoutStore } = LIVE;
    expect(problems(withoutStore)).toContain("PLUGIN_INSTALL_URL is required in production");
    for (const env of [LIVE, { NODE_ENV: "development" }, { NODE_ENV: "test" }]) {
      for (const url of ["http://create.roblox.com/store/asset/1", "create.roblox.com/store", "https://"]) {
        expect(problems({ ...env, PLUGIN_INSTALL_URL: url })).toContain(
          `PLUGIN_INSTALL_URL must be the https:// address of the plugin's store page; got "${url}"`,
        );
      }
    }
    expect(loadConfig(LIVE).pluginInstallUrl).toBe(LIVE.PLUGIN_INSTALL_URL);
    expect(loadConfig({ NODE_ENV: "development" }).pluginInstallUrl).toBeNull();
  });

  test("NODE_ENV must be exactly development, production or test; unset is development", () => {
    for (const value of ["Production", "prod", "PRODUCTION", "dev"]) {
      expect(problems({ NODE_ENV: value })).toContain(
        `NODE_ENV must be exactly one of development, production, test; got "${value}"`,
      );
    }
    expect(loadConfig({}).env).toBe("development");
  });

  test("LOG_LEVEL takes pino's levels only", () => {
    expect(loadConfig({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(problems({ LOG_LEVEL: "verbose" })).toContain(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose"',
    );
  });
});

describe(".env.example", () => {
  const root = new URL("../..", import.meta.url).pathname;
  const example = require("node:fs").readFileSync(`${root}.env.example`, "utf8") as string;
  const listed = new Map(
    example
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split("=", 2) as [string, string]),
  );

  test("lists every variable the server reads, each under a comment", () => {
    const sources = [...new Bun.Glob("src/**/*.ts").scanSync({ cwd: root })]
      .map((file: string) => require("node:fs").readFileSync(`${root}${file}`, "utf8") as string)
      .join("\n");
    const read = new Set(
      [...sources.matchAll(/value\("([A-Z_]+)"\)|env\.([A-Z_]+)/g)].map((match) => match[1] ?? match[2]),
    );
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    const lines = example.split("\n");
    for (const name of listed.keys()) {
      const at = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect({ name, commented: lines[at - 1]!.startsWith("#") || lines[at - 2]!.startsWith("#") }).toEqual({
        name,
        commented: true,
      });
    }
  });

  test("copied as it is to .env, it starts the site in development", () => {
    expect(loadConfig(Object.fromEntries(listed))).toMatchObject({
      env: "development",
      port: 3000,
      stripe: null,
      resend: null,
    });
  });
});
