/**
 * Backups to S3-compatible storage and back, against a fake storage that checks every request's
 * signature: a backup is a checked, compressed copy under a new name; a restore brings the data back;
 * a cut upload leaves no object; a damaged or truncated object is refused; a passphrase that is missing
 * or wrong is one sentence; storage that can't be reached or refuses the keys is one sentence.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { appSettings } from "../../src/db/schema";
import { openDatabase } from "../../src/db";
import { listProductKeys } from "../../src/features/product-keys/service";
import {
  backupToStorage,
  listBackups,
  OffsiteBackupError,
  restoreFromStorage,
} from "../../src/features/backups/offsite";
import { drillNewestBackup } from "../../src/features/backups/drill";
import { openStorage, StorageError } from "../../src/features/backups/storage";
import { Secret } from "../../src/lib/secret";
import { makeKey, makeTestDeps } from "../support/app";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";

setDefaultTimeout(60_000);

let fake: FakeS3;
let made: ReturnType<typeof makeTestDeps>;
beforeAll(() => {
  fake = startFakeS3();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.reset();
  made?.cleanup();
});

/** A site with three keys and a passphrase, its backups going to the fake under `site/`. */
async function site(env: Record<string, string> = {}) {
  made = makeTestDeps({ env: { ...fake.env, BACKUP_URL: `s3://${fake.bucket}/site`, ...env } });
  for (let i = 0; i < 3; i++) await makeKey(made.deps, "pro");
  const { config } = made.deps;
  return { deps: made.deps, dir: made.dir, storage: openStorage(config.backups.s3!, config.backups.url!) };
}

const keysIn = async (path: string) => {
  const db = openDatabase(path);
  try {
    return (await listProductKeys(db, {})).map((key) => key.key).sort();
  } finally {
    db.$client.close();
  }
};

async function failure(run: Promise<unknown>): Promise<Error> {
  try {
    await run;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected it to fail");
}

describe("a backup to storage", () => {
  test("is a checked, compressed copy under a new name carrying the time; nothing is left beside the database", async () => {
    const { deps, storage } = await site();
    const now = Date.UTC(2026, 10, 27, 16, 45, 0);
    const first = await backupToStorage({ databasePath: deps.config.databasePath, storage, passphrase: null, now });
    const second = await backupToStorage({ databasePath: deps.config.databasePath, storage, passphrase: null, now });
    expect(first.name).toMatch(/^layerlift-2026-11-27T16-45-00Z-[a-z2-7]{6}\.backup$/);
    expect(second.name).not.toBe(first.name);
    expect(fake.keys()).toEqual([`site/${first.name}`, `site/${second.name}`].sort());
    expect(first.url).toBe(`s3://${fake.bucket}/site/${first.name}`);
    expect(first.storedBytes).toBe(fake.objects.get(`site/${first.name}`)!.body.byteLength);
    expect(first.storedBytes).toBeLessThan(first.databaseBytes / 4);
    expect(first.tables.find((t) => t.table === "product_keys")?.rows).toBe(3);
    expect(fake.requests.every((request) => request.signed)).toBe(true);
    expect(readdirSync(dirname(deps.config.databasePath)).filter((name) => name.includes(".offsite-"))).toEqual([]);
  });

  test("restores into a fresh database, exactly as restore FILE does", async () => {
    const { deps, dir, storage } = await site();
    await backupToStorage({ databasePath: deps.config.databasePath, storage, passphrase: null, now: Date.now() });
    const fresh = join(dir, "fresh", "layerlift.db");
    const restored = await restoreFromStorage({
      storage,
      which: "latest",
      databasePath: fresh,
      passphrase: null,
      now: Date.now(),
    });
    expect(restored.keptAs).toBeNull();
    expect(await keysIn(fresh)).toEqual((await listProductKeys(deps.db, {})).map((key) => key.key).sort());
    expect(readdirSync(dirname(fresh))).toEqual(["layerlift.db"]);
  });

  test("is listed with its time, size and that it is complete; --check reads it whole and finds its checksum good", async () => {
    const { deps, storage } = await site();
    const made = await backupToStorage({
      databasePath: deps.config.databasePath,
      storage,
      passphrase: null,
      now: Date.UTC(2026, 0, 2, 3, 4, 5),
    });
    fake.plant("site/notes.txt", new TextEncoder().encode("not a backup"));
    const [listed] = await listBackups(storage);
    expect(listed).toEqual({
      name: made.name,
      takenAt: Date.UTC(2026, 0, 2, 3, 4, 5),
      size: made.storedBytes,
      encrypted: false,
      check: "complete",
      problem: null,
    });
    expect((await listBackups(storage, { checksums: true }))[0].check).toBe("checksum ok");
  });
});

describe("encryption", () => {
  const passphrase = "correct horse battery staple";

  test("without the passphrase a restore is refused with one sentence; with a wrong one too; the right one restores", async () => {
    const { deps, dir, storage } = await site();
    const made = await backupToStorage({
      databasePath: deps.config.databasePath,
      storage,
      passphrase,
      now: Date.now(),
    });
    expect(made.encrypted).toBe(true);
    const stored = Buffer.from(fake.objects.get(`site/${made.name}`)!.body);
    expect(JSON.parse(stored.subarray(12, 12 + stored.readUInt32BE(8)).toString()).encryption.cipher).toBe(
      "AES-256-GCM",
    );
    const fresh = join(dir, "fresh.db");
    const restore = (withPassphrase: string | null) =>
      restoreFromStorage({
        storage,
        which: made.name,
        databasePath: fresh,
        passphrase: withPassphrase,
        now: Date.now(),
      });

    const missing = await failure(restore(null));
    expect(missing).toBeInstanceOf(OffsiteBackupError);
    expect(missing.message).toBe(
      `s3://${fake.bucket}/site/${made.name} can't be used: it is encrypted and BACKUP_PASSPHRASE is not set; set it to the passphrase the backup was made with.`,
    );
    const wrong = await failure(restore("the wrong horse battery"));
    expect(wrong.message).toBe(
      `s3://${fake.bucket}/site/${made.name} can't be used: BACKUP_PASSPHRASE is not the passphrase it was encrypted with.`,
    );
    expect(existsSync(fresh)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes(".download-"))).toEqual([]);

    await restore(passphrase);
    expect(await keysIn(fresh)).toHaveLength(3);
    // The checksum can be checked without the passphrase.
    expect((await listBackups(storage, { checksums: true }))[0]).toMatchObject({
      encrypted: true,
      check: "checksum ok",
    });
  });

  test("a changed byte fails the part's authentication even when the checksum is made to match", async () => {
    const { deps, dir, storage } = await site();
    const made = await backupToStorage({
      databasePath: deps.config.databasePath,
      storage,
      passphrase,
      now: Date.now(),
    });
    const key = `site/${made.name}`;
    const body = Buffer.from(fake.objects.get(key)!.body);
    body[body.byteLength - 48 - 20] ^= 1;
    // Recompute the trailer, as someone changing the backup on purpose would.
    const length = body.byteLength - 48;
    body.set(new Bun.CryptoHasher("sha256").update(body.subarray(0, length)).digest(), length + 16);
    fake.plant(key, body);
    const error = await failure(
      restoreFromStorage({
        storage,
        which: made.name,
        databasePath: join(dir, "fresh.db"),
        passphrase,
        now: Date.now(),
      }),
    );
    expect(error.message).toBe(
      `s3://${fake.bucket}/site/${made.name} can't be used: it is damaged (part 1 fails its authentication; it changed in storage or on the way).`,
    );
  });
});

describe("what can't be used is refused", () => {
  test("a corrupted object: restore refuses it with one sentence and the database is untouched", async () => {
    const { deps, storage } = await site();
    const made = await backupToStorage({
      databasePath: deps.config.databasePath,
      storage,
      passphrase: null,
      now: Date.now(),
    });
    const key = `site/${made.name}`;
    const body = fake.objects.get(key)!.body;
    body[Math.floor(body.byteLength / 2)] ^= 0xff;
    const target = join(dirname(deps.config.databasePath), "target.db");
    const targetDb = openDatabase(target);
    await targetDb.insert(appSettings).values({ key: "marker", value: "before" });
    targetDb.$client.close();

    const error = await failure(
      restoreFromStorage({ storage, which: "latest", databasePath: target, passphrase: null, now: Date.now() }),
    );
    expect(error).toBeInstanceOf(OffsiteBackupError);
    expect(error.message).toStartWith(`s3://${fake.bucket}/site/${made.name} can't be used: it`);
    expect(error.message).toMatch(/damaged/);
    const after = openDatabase(target);
    expect(await after.select().from(appSettings)).toEqual([{ key: "marker", value: "before" }]);
    after.$client.close();
    expect(readdirSync(dirname(target)).filter((name) => /\.(download|restoring|before-restore)-/.test(name))).toEqual(
      [],
    );
    expect((await listBackups(storage, { checksums: true }))[0]).toMatchObject({ check: "damaged" });
  });

  test("a cut upload leaves no object and no unfinished upload, and says so in one sentence", async () => {
    const { deps, storage } = await site();
    // Random text compresses poorly: the backup needs more than one 5 MiB part.
    for (let i = 0; i < 8; i++)
      await deps.db.insert(appSettings).values({
        key: `noise-${i}`,
        value: Buffer.from(crypto.getRandomValues(new Uint8Array(1 << 20))).toString("base64"),
      });
    fake.refusePartsAfterFirst(true);
    const error = await failure(
      backupToStorage({ databasePath: deps.config.databasePath, storage, passphrase: null, now: Date.now() }),
    );
    expect(error).toBeInstanceOf(StorageError);
    expect(error.message).toMatch(
      /^Uploading s3:\/\/layerlift-backups\/site\/layerlift-.*\.backup failed: InternalError: We encountered an internal error/,
    );
    expect(fake.requests.filter((r) => r.query.includes("partNumber=2")).length).toBeGreaterThan(0);
    // The client aborts the multipart upload once it gives up.
    for (let i = 0; i < 50 && fake.uploads.size; i++) await Bun.sleep(100);
    expect(fake.uploads.size).toBe(0);
    expect(fake.keys()).toEqual([]);
    expect(readdirSync(dirname(deps.config.databasePath)).filter((name) => name.includes(".offsite-"))).toEqual([]);
  });

  test("a truncated object does not look complete: latest skips it, and restoring it by name is refused", async () => {
    const { deps, dir, storage } = await site();
    const good = await backupToStorage({
      databasePath: deps.config.databasePath,
      storage,
      passphrase: null,
      now: Date.UTC(2026, 0, 1),
    });
    const cut = await backupToStorage({
      databasePath: deps.config.databasePath,
      storage,
      passphrase: null,
      now: Date.UTC(2026, 0, 2),
    });
    const body = fake.objects.get(`site/${cut.name}`)!.body;
    fake.plant(`site/${cut.name}`, body.subarray(0, body.byteLength - 100));

    const listed = await listBackups(storage);
    expect(listed.map((b) => [b.name, b.check])).toEqual([
      [good.name, "complete"],
      [cut.name, "incomplete"],
    ]);
    const fresh = join(dir, "fresh.db");
    const byName = await failure(
      restoreFromStorage({ storage, which: cut.name, databasePath: fresh, passphrase: null, now: Date.now() }),
    );
    expect(byName.message).toBe(
      `s3://${fake.bucket}/site/${cut.name} can't be used: it ends before its last part (the upload was cut off, or the object was truncated).`,
    );
    const latest = await restoreFromStorage({
      storage,
      which: "latest",
      databasePath: fresh,
      passphrase: null,
      now: Date.now(),
    });
    expect(latest.name).toBe(good.name);
  });

  test("storage that can't be reached, and keys it refuses, are one sentence each", async () => {
    const { deps } = await site();
    const settings = deps.config.backups.s3!;
    const closed = openStorage({ ...settings, endpoint: "http://127.0.0.1:9" }, deps.config.backups.url!);
    const unreachable = await failure(
      backupToStorage({ databasePath: deps.config.databasePath, storage: closed, passphrase: null, now: Date.now() }),
    );
    expect(unreachable).toBeInstanceOf(StorageError);
    expect(unreachable.message).toMatch(
      /^Looking for s3:\/\/layerlift-backups\/site\/layerlift-.*\.backup can't be reached \(connection refused\): check S3_ENDPOINT and that the storage is up$/,
    );
    const wrongKey = openStorage({ ...settings, secretAccessKey: new Secret("not-the-key") }, deps.config.backups.url!);
    const refused = await failure(wrongKey.list());
    expect(refused.message).toBe(
      `Listing s3://${fake.bucket}/site/ refused the keys (SignatureDoesNotMatch): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION`,
    );
    expect(refused.message).not.toContain("not-the-key");
  });

  test("no backup at all, and a name that is not there, are one sentence each", async () => {
    const { dir, storage } = await site();
    const none = await failure(
      restoreFromStorage({
        storage,
        which: "latest",
        databasePath: join(dir, "x.db"),
        passphrase: null,
        now: Date.now(),
      }),
    );
    expect(none.message).toBe(`There are no backups in s3://${fake.bucket}/site/.`);
    const unknown = await failure(
      restoreFromStorage({
        storage,
        which: "layerlift-2026-01-01T00-00-00Z-aaaaaa.backup",
        databasePath: join(dir, "x.db"),
        passphrase: null,
        now: Date.now(),
      }),
    );
    expect(unknown.message).toBe(
      `There is no backup named layerlift-2026-01-01T00-00-00Z-aaaaaa.backup in s3://${fake.bucket}/site/; \`layerlift backups list\` shows the ones there are.`,
    );
  });
});

describe("the restore drill", () => {
  test("restores the newest backup into a working file, checks it and reports its age and row counts", async () => {
    const { deps, storage } = await site();
    const takenAt = Date.UTC(2026, 10, 27, 10);
    await backupToStorage({ databasePath: deps.config.databasePath, storage, passphrase: null, now: takenAt });
    const report = await drillNewestBackup({
      storage,
      passphrase: null,
      databasePath: deps.config.databasePath,
      now: takenAt + 2 * 3_600_000,
    });
    expect(report.ageMs).toBe(2 * 3_600_000);
    expect(report.tables.find((t) => t.table === "product_keys")?.rows).toBe(3);
    expect(readdirSync(dirname(deps.config.databasePath)).filter((name) => name.includes(".drill-"))).toEqual([]);
  });

  test("a backup whose books differ from its sales fails the drill", async () => {
    const { deps, storage } = await site();
    deps.db.$client.writer.run(
      "INSERT INTO books_daily (day, plan, sales, paid_count, refund_count, dispute_count, gross_cents, fee_cents, refunded_cents, disputed_cents, tax_cents, net_cents) VALUES (0, 'pro', 1, 1, 0, 0, 100, 0, 0, 0, 0, 100)",
    );
    await backupToStorage({ databasePath: deps.config.databasePath, storage, passphrase: null, now: Date.now() });
    const error = await failure(
      drillNewestBackup({ storage, passphrase: null, databasePath: deps.config.databasePath, now: Date.now() }),
    );
    expect(error.message).toMatch(
      /restores, but its books differ from its sales in \d+ places? \(run `layerlift books check` on the live database\)\.$/,
    );
  });
});
