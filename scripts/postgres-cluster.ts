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

export interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres — the maintenance database of the cluster. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The folder holding initdb and pg_ctl, or null when PostgreSQL's server binaries are not installed. */
export function postgresBinDir(): string | null {
  const fromPath = Bun.which("initdb");
  if (fromPath) return fromPath.replace(/\/initdb$/, "");
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

async function freePort(): Promise<number> {
  const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = server.port;
  server.stop(true);
  return port;
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
  const port = await freePort();
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
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await run([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
