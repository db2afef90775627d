/**
 * The backups' storage: any S3-compatible service, through Bun's built-in S3 client (Amazon S3,
 * Backblaze B2, Cloudflare R2, Wasabi, MinIO…). Uploads go in parts of 5 MiB (S3's smallest), one at a
 * time, from a stream the client pulls as it sends, so memory stays flat (measured: +31 MB for any
 * size; two parts at a time took +48 MB, and the client's writer() takes no back-pressure at all); an upload whose source fails or that the service refuses is aborted by the
 * client, and the object never appears. Every failure is a StorageError: one sentence naming the
 * storage and what it answered, never a key.
 */
import type { S3Client } from "bun";
import type { BackupLocation, S3Settings } from "../../config/backups";
import { locationUrl } from "../../config/backups";

const PART_SIZE = 5 * 1024 * 1024;
const PARALLEL_PARTS = 1;

export class StorageError extends Error {}

/** A web stream of an async iterable's chunks; an error in the iterable errors the stream (and so aborts an upload). */
function readable(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream(
    {
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel(reason) {
        await iterator.throw?.(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}

export interface StoredObject {
  key: string;
  name: string;
  size: number;
}

/** Why a request to the storage failed, in words an operator can act on. */
function describe(error: unknown, where: string): string {
  const code = (error as { code?: string }).code ?? "";
  const message = ((error as Error).message ?? String(error)).replace(/\.$/, "");
  if (code === "ConnectionRefused" || code === "ECONNREFUSED")
    return `${where} can't be reached (connection refused): check S3_ENDPOINT and that the storage is up`;
  if (/^(ENOTFOUND|EAI_AGAIN|FailedToOpenSocket|ConnectionClosed|ECONNRESET|ETIMEDOUT|UND_ERR)/.test(code))
    return `${where} can't be reached (${code}): check S3_ENDPOINT and the network`;
  if (code === "SignatureDoesNotMatch" || code === "InvalidAccessKeyId" || code === "AccessDenied")
    return `${where} refused the keys (${code}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION`;
  if (code === "NoSuchBucket") return `${where}: the bucket does not exist (NoSuchBucket)`;
  return `${where} failed: ${code ? `${code}: ` : ""}${message}`;
}

export function openStorage(settings: S3Settings, location: BackupLocation) {
  const url = locationUrl(location);
  let client: S3Client | null = null;
  const s3 = () => {
    client ??= new Bun.S3Client({
      bucket: location.bucket,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey.reveal(),
      sessionToken: settings.sessionToken?.reveal(),
      endpoint: settings.endpoint ?? undefined,
      region: settings.region ?? undefined,
    });
    return client;
  };
  const attempt = async <T>(where: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof StorageError) throw error;
      throw new StorageError(describe(error, where));
    }
  };

  return {
    url,
    location,
    /** Every object whose name starts with `namePrefix` under the location's prefix, sorted by name. */
    list(namePrefix = ""): Promise<StoredObject[]> {
      return attempt(`Listing ${url}`, async () => {
        const found: StoredObject[] = [];
        let continuationToken: string | undefined;
        do {
          const page = await s3().list({ prefix: location.prefix + namePrefix, continuationToken });
          for (const object of page.contents ?? [])
            found.push({ key: object.key, name: object.key.slice(location.prefix.length), size: object.size ?? 0 });
          continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
        } while (continuationToken);
        return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      });
    },
    exists(name: string): Promise<boolean> {
      return attempt(`Looking for ${url}${name}`, () =>
        s3()
          .file(location.prefix + name)
          .exists(),
      );
    },
    /** Uploads `body` as `name`; the object appears whole at the end, or not at all. */
    upload(name: string, body: AsyncIterable<Uint8Array>): Promise<void> {
      return attempt(`Uploading ${url}${name}`, async () => {
        await s3().write(location.prefix + name, new Response(readable(body)), {
          partSize: PART_SIZE,
          queueSize: PARALLEL_PARTS,
          type: "application/octet-stream",
        });
      });
    },
    /** The object's bytes, as they arrive. */
    download(name: string): AsyncIterable<Uint8Array> {
      const where = `Downloading ${url}${name}`;
      return (async function* () {
        try {
          yield* s3()
            .file(location.prefix + name)
            .stream();
        } catch (error) {
          if (error instanceof StorageError || !(error as { code?: string }).code) throw error;
          throw new StorageError(describe(error, where));
        }
      })();
    },
    /** Bytes `start` to `end` (exclusive) of an object. */
    read(name: string, start: number, end: number): Promise<Uint8Array> {
      return attempt(
        `Reading ${url}${name}`,
        async () =>
          new Uint8Array(
            await s3()
              .file(location.prefix + name)
              .slice(start, end)
              .arrayBuffer(),
          ),
      );
    },
    remove(name: string): Promise<void> {
      return attempt(`Deleting ${url}${name}`, () => s3().unlink(location.prefix + name));
    },
  };
}

export type BackupStorage = ReturnType<typeof openStorage>;
