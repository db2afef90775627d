/**
 * What a command of the command line is: the usage lines it adds to `layerlift --help`, the options
 * it reads, which database it needs, and what it runs. A new command is a new file with one of these,
 * listed in index.ts. Every start of the program reads every command's file (for --help and the options), so
 * a command imports what it runs inside `run` (`await import(…)`): `layerlift keys list` then loads the
 * database and the keys' service, not the web server, the backups or the e-mails.
 */
import type { ParseArgsConfig } from "node:util";
import type { Config } from "../config";
import { isPlanId, PLAN_IDS, type PlanId } from "@shared/plans";

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export type OptionValues = Record<string, string | boolean | undefined>;

export interface CommandInput {
  /** The words after the command's name: `generate` in `keys generate`. */
  words: string[];
  values: OptionValues;
  env: NodeJS.ProcessEnv;
}

interface CommandShape {
  /** The lines `layerlift --help` shows for it, aligned with the others'. */
  usage: string;
  /** The options it reads, beside --db and --help which every command takes. */
  options?: NonNullable<ParseArgsConfig["options"]>;
}

/**
 * The database it needs: "existing" refuses a path with no database; "any" runs where there may be
 * none yet (it creates or replaces it); "none" runs before the configuration is read (needs neither).
 * Its exit code; -1 keeps the process running (the server).
 */
export type Command = CommandShape &
  (
    | { database: "existing" | "any"; run(input: CommandInput & { config: Config }): Promise<number> | number }
    | { database: "none"; run(input: CommandInput): Promise<number> | number }
  );

/** An option's text, or undefined when it was not given. */
export const textOption = (values: OptionValues, name: string) =>
  typeof values[name] === "string" ? (values[name] as string) : undefined;

/** Whether a flag was given. */
export const flagOption = (values: OptionValues, name: string) => values[name] === true;

export function planOption(value: string | undefined, required: true): PlanId;
export function planOption(value: string | undefined, required: false): PlanId | undefined;
export function planOption(value: string | undefined, required: boolean): PlanId | undefined {
  if (value === undefined && !required) return undefined;
  if (!isPlanId(value)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(", ")}`);
  return value;
}

/** One table's row count, as backup, restore and seed-scale print them. */
export const tableLine = (table: string, rows: number) => `  ${table.padEnd(24)} ${rows}`;
