/**
 * Off-box backups through the real command line, as an operator follows docs/operations.md#backups:
 * `backup --to`, `backups list`, `backups verify`, and `restore --from …/latest` onto a fresh server's
 * empty disk, against the fake storage. Bad input is one sentence and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/db";
import { emails } from "../../src/db/schema";
import { listProductKeys } from "../../src/features/product-keys/service";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";
import { startServeProcess, stopServeProcess, waitFor, waitHealthy } from "../support/serve-process";

// Each command is its own process, and a passphrase costs a deliberately slow key derivation.
setDefaultTimeout(180_000);

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-backup-cli-"));
const PASSPHRASE = "correct horse battery staple";
let fake: FakeS3;
beforeAll(() => {
  fake = startFakeS3();
});
afterAll(() => {
  fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The command line in its own process; asynchronous, so the fake storage in this one can answer. */
async function run(args: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn([process.execPath, join(root, "src/index.ts"), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "development",
      SEED_DEV_ADMIN: "0",
      ...fake.env,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, out, err };
}

const keysIn = async (path: string) => {
  const db = openDatabase(path);
  try {
    return (await listProductKeys(db, {})).map((key) => key.key).sort();
  } finally {
    db.$client.close();
  }
};

describe("off-box backups from the command line", () => {
  test("backup --to, backups list, backups verify, and restore --from …/latest onto a fresh server", async () => {
    const live = join(dir, "live", "layerlift.db");
    expect((await run(["migrate", "--db", live])).code).toBe(0);
    expect((await run(["keys", "generate", "--plan", "pro", "--count", "3", "--db", live])).code).toBe(0);
    const url = `s3://${fake.bucket}/shop`;
    const withPassphrase = { BACKUP_PASSPHRASE: PASSPHRASE };

    const backup = await run(["backup", "--to", url, "--db", live], withPassphrase);
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(
      new RegExp(`^Backed up ${live} to ${url}/layerlift-.*\\.backup: .* stored, encrypted, integrity check ok\\.`),
    );
    expect(fake.keys("shop/")).toHaveLength(1);

    const list = await run(["backups", "list", "--check", url, "--db", live]);
    expect(list.code).toBe(0);
    expect(list.out).toStartWith(`1 backup in ${url}/:`);
    expect(list.out).toMatch(/ encrypted +checksum ok +layerlift-/);

    const verify = await run(["backups", "verify", url, "--db", live], withPassphrase);
    expect(verify.code).toBe(0);
    expect(verify.out).toMatch(/restores: taken .* ago\); integrity check ok, migrations applied, the books match/);

    // A fresh server: an empty disk, the same variables.
    const fresh = join(dir, "fresh", "layerlift.db");
    const refused = await run(["restore", "--from", `${url}/latest`, "--db", fresh]);
    expect(refused.code).toBe(1);
    expect(refused.err.trim()).toEndWith(
      "can't be used: it is encrypted and BACKUP_PASSPHRASE is not set; set it to the passphrase the backup was made with.",
    );
    expect(existsSync(fresh)).toBe(false);

    const restored = await run(["restore", "--from", `${url}/latest`, "--db", fresh], withPassphrase);
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("There was no database there before.");
    expect(await keysIn(fresh)).toEqual(await keysIn(live));
    // The output never shows the keys or the passphrase.
    for (const answer of [backup, list, verify, refused, restored]) {
      expect(answer.out + answer.err).not.toContain(fake.secretAccessKey);
      expect(answer.out + answer.err).not.toContain(PASSPHRASE);
    }
  });

  test("a malformed address is one sentence and exit 2; a malformed BACKUP_URL stops the start", async () => {
    const live = join(dir, "bad", "layerlift.db");
    const stored = fake.keys();
    expect((await run(["migrate", "--db", live])).code).toBe(0);
    const badTo = await run(["backup", "--to", "s3://Not_A_Bucket/x", "--db", live]);
    expect(badTo.code).toBe(2);
    expect(badTo.err).toContain(
      '--to names the bucket "Not_A_Bucket", which is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
    );
    const badFrom = await run(["restore", "--from", `s3://${fake.bucket}/shop/newest`, "--db", live]);
    expect(badFrom.code).toBe(2);
    expect(badFrom.err).toContain("--from must end in /latest or a backup's name");
    const badUrl = await run(["backups", "list", "--db", live], { BACKUP_URL: "https://example.com/x" });
    expect(badUrl.code).not.toBe(0);
    expect(badUrl.err).toContain("BACKUP_URL must look like s3://BUCKET/PREFIX");
    expect(fake.keys()).toEqual(stored);
  });

  test("a server restored from storage makes its next backup on schedule and knows the backup it came from", async () => {
    const url = `s3://${fake.bucket}/lost-box`;
    const metricsToken = "metrics-token-0123456789";
    const scheduled = {
      ...fake.env,
      BACKUP_URL: url,
      BACKUP_EVERY: "30s",
      METRICS_TOKEN: metricsToken,
      BACKUP_PASSPHRASE: PASSPHRASE,
    };
    const backupsStored = () => fake.keys("lost-box/").filter((key) => key.endsWith(".backup"));

    // The box that is lost: it makes its first scheduled backup, then dies without a word.
    const lost = join(dir, "lost", "layerlift.db");
    expect((await run(["migrate", "--db", lost])).code).toBe(0);
    expect((await run(["keys", "generate", "--plan", "pro", "--count", "2", "--db", lost])).code).toBe(0);
    const old = startServeProcess("lost", { ...scheduled, DATABASE_PATH: lost });
    await waitHealthy(old);
    await waitFor(() => backupsStored().length === 1, 60_000, "the lost box's first backup");
    old.process.kill("SIGKILL");
    await old.process.exited;
    const [restoredName] = backupsStored();

    // The new box: restore the newest backup, start, and a backup follows within BACKUP_EVERY, not 5 minutes on.
    const fresh = join(dir, "replacement", "layerlift.db");
    const restored = await run(["restore", "--from", `${url}/latest`, "--db", fresh], { ...scheduled });
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
    const replacement = startServeProcess("replacement", { ...scheduled, DATABASE_PATH: fresh });
    try {
      await waitHealthy(replacement);
      const health = (await (
        await fetch(`${replacement.url}/api/health`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).json()) as { backup: { lastGood: { name: string } | null; warning: string | null } };
      expect(health.backup.lastGood?.name).toBe(restoredName!.slice("lost-box/".length));
      await waitFor(() => backupsStored().length === 2, 60_000, "the restored server's first backup");
    } finally {
      expect(await stopServeProcess(replacement)).toBe(0);
    }
    expect(replacement.output.join("")).not.toContain("backup round failed");
    // Nobody was told backups were late.
    const restoredDb = openDatabase(fresh);
    try {
      const alerts = await restoredDb.select().from(emails).where(eq(emails.template, "backup-alert"));
      expect(alerts).toEqual([]);
    } finally {
      restoredDb.$client.close();
    }
  });
});
