/** The databases the bench measures sites on: a SQLite file, or a database on the bench's PostgreSQL cluster. */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { benchPostgresDatabase } from "./bench-postgres";

export type Engine = "sqlite" | "postgres";

/** A measured site's database: how the server and the CLI find it, and raw reads of it for the bench. */
export interface BenchDatabase {
  env: Record<string, string>;
  cliArgs: string[];
  /** Rows of a query both engines accept. */
  rows(text: string): Promise<Record<string, any>[]>;
}

export async function benchDatabase(engine: Engine, tmp: string, name: string): Promise<BenchDatabase> {
  if (engine === "postgres") {
    const url = await benchPostgresDatabase(name);
    return {
      env: { DATABASE_URL: url },
      cliArgs: [],
      async rows(text) {
        const client = new Bun.SQL(url, { max: 1 });
        try {
          return [...(await client.unsafe(text))];
        } finally {
          await client.close();
        }
      },
    };
  }
  return sqliteBenchDatabase(join(tmp, `${name}.db`));
}

export function sqliteBenchDatabase(path: string): BenchDatabase {
  return {
    env: { DATABASE_PATH: path },
    cliArgs: ["--db", path],
    async rows(text) {
      const db = new Database(path, { readonly: true });
      try {
        return db.query(text).all() as Record<string, any>[];
      } finally {
        db.close();
      }
    },
  };
}

/** Runs a CLI command of the site on `db`; its output. */
export function cli(root: string, bun: string, db: BenchDatabase, args: string[]) {
  const run = Bun.spawnSync([bun, "src/index.ts", ...args, ...db.cliArgs], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development", DATABASE_PATH: "", ...db.env },
    stdout: "pipe",
    stderr: "inherit",
  });
  if (run.exitCode !== 0) throw new Error(`layerlift ${args[0]} failed`);
  return run.stdout.toString().trim();
}
