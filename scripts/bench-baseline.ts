/**
 * The code as it was before a change, to load beside today's in the same `npm run bench` run: the machine's
 * changing load then falls on both alike. By default, the commit before the plugin's offline leases came in
 * (the parent of the first commit that added src/features/leases/); `BENCH_BASELINE=<git ref>` picks another.
 * The tree is unpacked from git into a temporary folder that borrows this checkout's node_modules.
 */
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

const git = (root: string, ...args: string[]) => {
  const child = Bun.spawnSync(["git", ...args], { cwd: root });
  return child.exitCode === 0 ? child.stdout.toString().trim() : null;
};

/** The baseline's commit and a folder holding its tree, or why there is none (no git, an unknown ref). */
export function baselineTree(root: string, tmp: string): { commit: string; dir: string } | { missing: string } {
  const leasesAdded = git(root, "log", "--diff-filter=A", "--format=%H", "--", "src/features/leases/issuer.ts")
    ?.split("\n")
    .filter(Boolean)
    .at(-1);
  const wanted = process.env.BENCH_BASELINE ?? (leasesAdded ? `${leasesAdded}^` : undefined);
  if (!wanted) return { missing: "no commit in this checkout's history adds leases; set BENCH_BASELINE=<git ref>" };
  const commit = git(root, "rev-parse", "--verify", "--quiet", `${wanted}^{commit}`);
  if (!commit) return { missing: `BENCH_BASELINE=${wanted} names no commit` };
  const dir = join(tmp, `baseline-${commit.slice(0, 12)}`);
  mkdirSync(dir, { recursive: true });
  // The commit is hex from rev-parse and the folder a temporary one of ours: safe inside a shell pipe.
  const unpacked = Bun.spawnSync(["sh", "-c", `git archive ${commit} | tar -x -C '${dir}'`], { cwd: root });
  if (unpacked.exitCode !== 0) return { missing: `git archive ${commit} could not be unpacked` };
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return { commit, dir };
}
