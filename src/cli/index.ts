/**
 * The command line: serve by default, and the operator's offline tasks. Every command calls the same
 * service functions the API uses; each lives in a file of its own here and is listed in COMMANDS.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type Config } from "../config";
import { DatabaseFileError, requireExistingDatabase } from "../db/file-checks";
import { DatabaseUnreachableError } from "../config/postgres";
import { configureLogger, readableLog } from "../lib/logger";
import { PLAN_IDS } from "@shared/plans";
import { PRODUCT_NAME } from "@shared/product";
import { PortInUseError } from "../lib/errors";
import { VERSION } from "../version";
import { UsageError, type Command, type OptionValues } from "./command";
import { serveCommand } from "./serve";
import { keysCommand } from "./keys";
import { adminCommand } from "./admin";
import { backupCommand, migrateCommand, restoreCommand } from "./database";
import { backupsCommand } from "./backups";
import { remindersCommand } from "./reminders";
import { healthCommand } from "./health";
import { booksCommand } from "./books";
import { seedScaleCommand } from "./seed";
import { accountsCommand } from "./accounts";
import { leaseKeysCommand } from "./lease-keys";
import { copyDatabaseCommand } from "./copy-database";

/** Every command by its name, in the order `--help` lists them. */
const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  keys: keysCommand,
  "lease-keys": leaseKeysCommand,
  admin: adminCommand,
  accounts: accountsCommand,
  migrate: migrateCommand,
  backup: backupCommand,
  restore: restoreCommand,
  backups: backupsCommand,
  reminders: remindersCommand,
  health: healthCommand,
  books: booksCommand,
  "seed-scale": seedScaleCommand,
  "copy-database": copyDatabaseCommand,
};

const needExistingDatabase = Object.entries(COMMANDS)
  .filter(([, command]) => command.database === "existing")
  .map(([name]) => name);

const USAGE = `${PRODUCT_NAME} — web site and licence server

Usage:
${Object.values(COMMANDS)
  .map((command) => command.usage)
  .join("\n")}
  layerlift --version                                  print the release this program is
Options for every command: --db PATH (default: $DATABASE_PATH or ./data/layerlift.db)
${needExistingDatabase.slice(0, -1).join(", ")} and ${needExistingDatabase.at(-1)} need an existing database (with DATABASE_URL, PostgreSQL's); the others make or don't need one.
Plans: ${PLAN_IDS.join(", ")}`;

/** After a mistake: the sentence, and where the rest is, rather than the whole usage. */
const SEE_HELP = "Run `layerlift --help` for every command and its options.";

function options(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...Object.assign({}, ...Object.values(COMMANDS).map((command) => command.options ?? {})),
      db: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean" },
    },
  });
}

export async function runCli(argv: string[], env = process.env): Promise<number> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n${SEE_HELP}`);
    return 2;
  }
  const values = parsed.values as OptionValues;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.version) {
    console.log(`layerlift ${VERSION}`);
    return 0;
  }
  const [name = "serve", ...words] = parsed.positionals;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  try {
    if (!command) throw new UsageError(`Unknown command "${[name, ...words].join(" ")}"`);
    if (command.database === "none") return await command.run({ words, values, env });

    let config: Config;
    try {
      config = loadConfig(typeof values.db === "string" ? { ...env, DATABASE_PATH: values.db } : env);
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
    // Readable lines for a person at a terminal in development; JSON lines otherwise (a file, a log collector).
    configureLogger({
      level: config.logLevel,
      readable: readableLog(config.logFormat, config.env, Boolean(process.stdout.isTTY)),
    });
    if (command.database === "existing" && !config.databaseUrl) requireExistingDatabase(config.databasePath);
    return await command.run({ config, words, values, env });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${SEE_HELP}`);
      return 2;
    }
    if (
      error instanceof DatabaseFileError ||
      error instanceof DatabaseUnreachableError ||
      error instanceof PortInUseError
    ) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof Error && "status" in error) {
      console.error((error as Error).message);
      return 1;
    }
    throw error;
  }
}
