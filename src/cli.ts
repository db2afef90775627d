/**
 * The command line (DESIGN.md §1): serve by default, and the operator's offline tasks. Every command
 * calls the same service functions the API uses.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "./db";
import { DatabaseFileError, requireExistingDatabase } from "./db/file-checks";
import { backupDatabase, restoreDatabase, tableRowCounts } from "./features/backups/service";
import { systemClock } from "./lib/clock";
import { configureLogger, readableLog } from "./lib/logger";
import { isPlanId, PLAN_IDS } from "./shared/plans";
import { PRODUCT_NAME } from "./shared/product";
import { generateProductKeys, listProductKeys } from "./features/product-keys/service";
import { createOrPromoteAdmin } from "./features/users/service";
import { dueReminders, sendDueReminders } from "./features/reminders/service";
import { PortInUseError, serve } from "./server";
import { checkBooks } from "./features/books/service";
import { SeedRefusedError, seedScale } from "./features/seed/scale";

const USAGE = `${PRODUCT_NAME} — web site and licence server

Usage:
  layerlift [serve]                                   start the server (PORT, DATABASE_PATH)
  layerlift keys generate --plan PLAN --count N       make N product keys, print one per line
  layerlift keys list [--plan PLAN] [--unused]        list product keys
  layerlift admin create --email E [--password P]     create or promote an admin
  layerlift migrate                                   apply database migrations and exit
  layerlift backup FILE                               consistent copy of the database (never overwrites)
  layerlift restore FILE                              replace the database with a backup (server stopped)
  layerlift reminders [--at ISO-DATE] [--dry-run]     send the renewal reminders due now (or at that
                                                      moment); --dry-run lists them and sends nothing
  layerlift health [--url URL] [--token T]            ask a running server for /api/health?strict=1; with
                                                      the metrics token (--token or $METRICS_TOKEN) it
                                                      also prints why the server is degraded
  layerlift books check [--repair]                    rebuild the daily books from the sales and say
                                                      whether they matched (--repair keeps the rebuilt ones)
  layerlift seed-scale --users N --sales M            fill an empty database with N accounts and M sales
                                                      of made-up history (development and test only)
Options for every command: --db PATH (default: $DATABASE_PATH or ./data/layerlift.db)
Every command but serve, migrate, admin create and restore needs an existing database.
Plans: ${PLAN_IDS.join(", ")}`;

class UsageError extends Error {}

function options(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      db: { type: "string" },
      plan: { type: "string" },
      count: { type: "string" },
      unused: { type: "boolean" },
      email: { type: "string" },
      password: { type: "string" },
      url: { type: "string" },
      token: { type: "string" },
      at: { type: "string" },
      "dry-run": { type: "boolean" },
      repair: { type: "boolean" },
      users: { type: "string" },
      sales: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function planOption(value: string | undefined, required: boolean) {
  if (value === undefined && !required) return undefined;
  if (!isPlanId(value)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(", ")}`);
  return value;
}

export async function runCli(argv: string[], env = process.env): Promise<number> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) { console.log(USAGE); return 0; }
  const [command = "serve", sub, ...rest] = positionals;
  // Needs no configuration: a container's health check runs it beside the server.
  if (command === "health") return checkHealth(values.url ?? `http://127.0.0.1:${env.PORT || 3000}`, values.token ?? env.METRICS_TOKEN);

  let config: Config;
  try {
    config = loadConfig(values.db ? { ...env, DATABASE_PATH: values.db } : env);
  } catch (error) {
    if (error instanceof ConfigError) { console.error(error.message); return 1; }
    throw error;
  }

  // Readable lines for a person at a terminal in development; JSON lines otherwise (a file, a log collector).
  configureLogger({ level: config.logLevel, readable: readableLog(config.logFormat, config.env, Boolean(process.stdout.isTTY)) });
  try {
    if (!["serve", "migrate", "admin", "restore", "seed-scale"].includes(command)) requireExistingDatabase(config.databasePath);
    switch (command) {
      case "serve": {
        await serve(config);
        return -1; // keep running
      }
      case "migrate": {
        openDatabase(config.databasePath).$client.close();
        console.log(`Database ${config.databasePath} is up to date.`);
        return 0;
      }
      case "backup": {
        if (!sub) throw new UsageError("backup needs a destination FILE");
        const { bytes, tables } = backupDatabase(config.databasePath, sub);
        console.log(`Backed up ${config.databasePath} to ${sub}: ${formatBytes(bytes)}, integrity check ok, readable by its owner only.`);
        for (const { table, rows } of tables) console.log(`  ${table.padEnd(24)} ${rows}`);
        return 0;
      }
      case "restore": {
        if (!sub) throw new UsageError("restore needs the backup FILE");
        const { keptAs } = restoreDatabase(sub, config.databasePath, new Date());
        console.log(`Restored ${config.databasePath} from ${sub}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : " There was no database there before."}`);
        for (const { table, rows } of tableRowCounts(config.databasePath)) console.log(`  ${table.padEnd(24)} ${rows}`);
        return 0;
      }
      case "keys": {
        const db = openDatabase(config.databasePath);
        if (sub === "generate") {
          const count = Number(values.count ?? 1);
          const keys = generateProductKeys(db, systemClock.now(), { plan: planOption(values.plan, true)!, count, source: "cli" });
          for (const key of keys) console.log(key.key);
          return 0;
        }
        if (sub === "list") {
          const keys = listProductKeys(db, { plan: planOption(values.plan, false), unused: values.unused });
          for (const k of keys) console.log(`${k.key}\t${k.plan}\t${k.isUsed ? "used" : "available"}\t${new Date(k.createdAt).toISOString()}`);
          return 0;
        }
        throw new UsageError("keys takes generate or list");
      }
      case "reminders": {
        const at = values.at === undefined ? systemClock.now() : Date.parse(values.at);
        if (!Number.isFinite(at)) throw new UsageError("--at must be a date and time, e.g. 2026-12-01T09:00:00Z");
        const db = openDatabase(config.databasePath);
        const reminders = values["dry-run"] ? dueReminders(db, at) : sendDueReminders({ db }, at);
        const verb = values["dry-run"] ? "due" : "queued";
        console.log(`${reminders.length} renewal ${reminders.length === 1 ? "reminder" : "reminders"} ${verb} at ${new Date(at).toISOString()}${reminders.length ? ":" : "."}`);
        for (const r of reminders) console.log(`  ${r.email}\t${r.kind}\t${r.plan}\tends ${new Date(r.periodEnd).toISOString()}`);
        return 0;
      }
      case "admin": {
        if (sub !== "create") throw new UsageError("admin takes create");
        if (!values.email) throw new UsageError("admin create needs --email");
        if (values.password !== undefined && values.password.length < 8) throw new UsageError("--password must be at least 8 characters");
        const db = openDatabase(config.databasePath);
        const { user, created, password } = await createOrPromoteAdmin(db, { email: values.email, password: values.password }, systemClock.now());
        console.log(`${created ? "Created" : "Promoted"} admin ${user.email}${password && !values.password ? ` with password ${password}` : ""}`);
        return 0;
      }
      case "books": {
        if (sub !== "check") throw new UsageError("books takes check");
        const db = openDatabase(config.databasePath);
        const result = checkBooks(db.$client, { repair: values.repair });
        db.$client.close();
        if (result.matched) {
          console.log(`The books match the sales: ${result.rows} day-and-plan ${result.rows === 1 ? "row" : "rows"} checked.`);
          return 0;
        }
        console.log(`The books differ from the sales in ${result.differences.length} ${result.differences.length === 1 ? "place" : "places"}:`);
        for (const d of result.differences) console.log(`  ${d.day}\t${d.plan}\t${d.column}\tkept ${d.kept}\tfrom the sales ${d.fromSales}`);
        console.log(result.repaired ? "Repaired: the books now hold what the sales add up to." : "Run `layerlift books check --repair` to rebuild them from the sales.");
        return 1;
      }
      case "seed-scale": {
        const users = Number(values.users), salesCount = Number(values.sales ?? 0);
        if (values.users === undefined) throw new UsageError("seed-scale needs --users N (and --sales M)");
        const db = openDatabase(config.databasePath);
        try {
          const result = await seedScale(db.$client, { users, sales: salesCount, env: config.env });
          console.log(`Seeded ${config.databasePath} in ${(result.ms / 1000).toFixed(1)} s. Sign in as ${result.adminEmail} / ${result.password} (every account has this password).`);
          for (const [table, rows] of Object.entries(result.rows)) console.log(`  ${table.padEnd(24)} ${rows}`);
          return 0;
        } catch (error) {
          if (error instanceof SeedRefusedError) { console.error(error.message); return 1; }
          throw error;
        } finally {
          db.$client.close();
        }
      }
      default:
        throw new UsageError(`Unknown command "${[command, sub, ...rest].filter(Boolean).join(" ")}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) { console.error(`${error.message}\n\n${USAGE}`); return 2; }
    if (error instanceof DatabaseFileError || error instanceof PortInUseError) { console.error(error.message); return 1; }
    if (error instanceof Error && "status" in error) { console.error((error as Error).message); return 1; }
    throw error;
  }
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * `layerlift health`: exit 0 when the server answers healthy, 1 otherwise (degraded, stopping, down or
 * silent). With the metrics token the server adds its reasons, printed one per line.
 */
async function checkHealth(base: string, token: string | undefined): Promise<number> {
  try {
    const response = await fetch(`${base.replace(/\/+$/, "")}/api/health?strict=1`, {
      signal: AbortSignal.timeout(5_000),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = await response.text();
    console.log(`${response.status} ${body}`);
    let reasons: unknown;
    try { reasons = (JSON.parse(body) as { reasons?: unknown }).reasons; } catch { reasons = undefined; }
    if (Array.isArray(reasons)) for (const reason of reasons) console.log(`- ${reason}`);
    return response.status === 200 ? 0 : 1;
  } catch (error) {
    console.error(`No answer from ${base}: ${(error as Error).message}`);
    return 1;
  }
}
