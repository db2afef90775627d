/**
 * A throwaway PostgreSQL cluster for the tests and the bench: initdb into a temporary folder, started on a
 * free loopback port, removed when stopped. It uses the machine's own PostgreSQL binaries (Debian's
 * `postgresql` package puts them in /usr/lib/postgresql/<version>/bin). initdb refuses to run as root, so
 * as root the cluster runs as the `postgres` user the package creates.
 *
 * Durability is switched off (fsync, synchronous_commit, full_page_writes): the data is thrown away, and
 * the tests measure behaviour, not disks.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

export interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres — the maintenance database of the cluster. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Where postgresBinDir() looks, for messages. */
export const POSTGRES_BIN_PLACES = "initdb on PATH, /usr/lib/postgresql/*/bin, pg_config --bindir";

/** The folder holding initdb and pg_ctl, or null when PostgreSQL's server binaries are not installed. */
export function postgresBinDir(): string | null {
  const fromPath = Bun.which("initdb");
  if (fromPath) return fromPath.replace(/\/initdb$/, "");
  // Debian keeps the server's binaries off PATH, one folder per major version: the newest wins.
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return join(root, versions[0], "bin");
  const pgConfig = Bun.which("pg_config");
  if (!pgConfig) return null;
  const bindir = Bun.spawnSync([pgConfig, "--bindir"]).stdout.toString().trim();
  return bindir && existsSync(join(bindir, "initdb")) ? bindir : null;
}

async function run(command: string[], asPostgres: boolean) {
  const argv = asPostgres ? ["runuser", "-u", "postgres", "--", ...command] : command;
  const child = Bun.spawn(argv, { stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  if (code !== 0) throw new Error(`${command[0].split("/").pop()} failed (exit ${code}): ${(err || out).trim()}`);
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's server binaries (initdb, pg_ctl) are not installed");
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "layerlift-pg-"));
  if (asPostgres) {
    const { uid, gid } =
      Bun.spawnSync(["id", "-u", "postgres"]).exitCode === 0
        ? {
            uid: Number(Bun.spawnSync(["id", "-u", "postgres"]).stdout.toString()),
            gid: Number(Bun.spawnSync(["id", "-g", "postgres"]).stdout.toString()),
          }
        : { uid: -1, gid: -1 };
    if (uid < 0) throw new Error("running as root needs the `postgres` user that Debian's postgresql package creates");
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = freePort();
  await run(
    [join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"],
    asPostgres,
  );
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
  ].join(" ");
  await run([join(bin, "pg_ctl"), "-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "start"], asPostgres);
  const stopCommand = [join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"];
  watchOwner(stopCommand, dir, asPostgres);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await run(stopCommand, asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Stops the cluster and removes its folder once this process is gone, however it ended (a crash, a kill,
 * Ctrl-C), so no server is left running on the machine. A stop that already happened makes it a no-op.
 */
function watchOwner(stopCommand: string[], dir: string, asPostgres: boolean) {
  const stop = (asPostgres ? ["runuser", "-u", "postgres", "--", ...stopCommand] : stopCommand)
    .map((word) => `'${word.replace(/'/g, "'\\''")}'`)
    .join(" ");
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stop} >/dev/null 2>&1; rm -rf '${dir}'`;
  // setsid: out of this process's group, so the Ctrl-C that ends it does not end the watcher too.
  Bun.spawn(["setsid", "sh", "-c", script], { stdin: "ignore", stdout: "ignore", stderr: "ignore" }).unref();
}
