/**
 * The release before, to load beside today's code in the same `npm run bench` run: the machine's changing
 * load then falls on both alike. `BENCH_BASELINE=<git ref>` names it; by default it is the newest release tag
 * (`v*`) before this commit, and in a checkout with no such tag the commit before the plugin's offline leases
 * came in (the parent of the first commit that added src/features/leases/).
 * The tree is unpacked from git into a temporary folder that borrows this checkout's node_modules.
 */
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

const git = (root: string, ...args: string[]) => {
  const child = Bun.spawnSync(["git", ...args], { cwd: root });
  return child.exitCode === 0 ? child.stdout.toString().trim() : null;
};

/** What to compare with, and how to name it in the bench's output. */
function wantedBaseline(root: string): { ref: string; label: string } | undefined {
  if (process.env.BENCH_BASELINE) return { ref: process.env.BENCH_BASELINE, label: process.env.BENCH_BASELINE };
  const tag = git(root, "describe", "--tags", "--abbrev=0", "--match", "v*", "HEAD^");
  if (tag) return { ref: tag, label: tag };
  const leasesAdded = git(root, "log", "--diff-filter=A", "--format=%H", "--", "src/features/leases/issuer.ts")
    ?.split("\n")
    .filter(Boolean)
    .at(-1);
  return leasesAdded ? { ref: `${leasesAdded}^`, label: "the code before leases" } : undefined;
}

/** The baseline's commit and a folder holding its tree, or why there is none (no git, an unknown ref). */
export function baselineTree(
  root: string,
  tmp: string,
): { commit: string; label: string; dir: string } | { missing: string } {
  const baseline = wantedBaseline(root);
  if (!baseline) return { missing: "no release tag (v*) and no commit adding leases; set BENCH_BASELINE=<git ref>" };
  const { ref: wanted, label } = baseline;
  const commit = git(root, "rev-parse", "--verify", "--quiet", `${wanted}^{commit}`);
  if (!commit) return { missing: `BENCH_BASELINE=${wanted} names no commit` };
  const dir = join(tmp, `baseline-${commit.slice(0, 12)}`);
  mkdirSync(dir, { recursive: true });
  // The commit is hex from rev-parse and the folder a temporary one of ours: safe inside a shell pipe.
  const unpacked = Bun.spawnSync(["sh", "-c", `git archive ${commit} | tar -x -C '${dir}'`], { cwd: root });
  if (unpacked.exitCode !== 0) return { missing: `git archive ${commit} could not be unpacked` };
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return { commit, label, dir };
}
