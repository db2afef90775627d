/**
 * A fake S3-compatible storage on 127.0.0.1, for Bun's own S3 client: path-style buckets, objects
 * (PUT, GET with Range, HEAD, DELETE), ListObjectsV2 with paging, and multipart uploads (create, parts,
 * complete, abort). Every request must carry a valid AWS Signature Version 4 made with the fake's
 * secret key, and a signed payload hash must match the body, as real storage insists. It can be told
 * to fail requests, to refuse parts after the first (an upload cut off half-way), and tests can
 * corrupt, truncate or plant objects directly.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export interface StoredObject {
  body: Uint8Array<ArrayBuffer>;
  lastModified: Date;
}

const ACCESS_KEY_ID = "AKIAFAKEBACKUPS00001";
const SECRET_ACCESS_KEY = "fake-secret-key/for+tests-0123456789abcdefgh";
const REGION = "us-east-1";

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** S3's URI encoding: every byte but unreserved characters, as %XX upper-case. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function s3Error(status: number, code: string, message: string) {
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
    { status, headers: { "content-type": "application/xml" } },
  );
}

/** Why the request's signature is not one made with the fake's key; null when it is. */
function signatureProblem(request: Request, url: URL, body: Uint8Array): string | null {
  const authorization = request.headers.get("authorization") ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return "no AWS4-HMAC-SHA256 authorization header";
  const [, accessKeyId, day, region, signedHeaders, signature] = match;
  if (accessKeyId !== ACCESS_KEY_ID) return "unknown access key";
  const amzDate = request.headers.get("x-amz-date") ?? "";
  if (!amzDate.startsWith(day)) return "x-amz-date does not match the credential's day";
  const payloadHash = request.headers.get("x-amz-content-sha256");
  if (!payloadHash) return "no x-amz-content-sha256 header";
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256Hex(body)) return "the body does not match its hash";
  const query = [...url.searchParams]
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headerNames = signedHeaders.split(";");
  const canonicalHeaders = headerNames
    .map((name) => `${name}:${(request.headers.get(name) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join(
    "\n",
  );
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, day), region), "s3"), "aws4_request");
  const expected = hmac(key, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature, "hex")) ? null : "signature does not match";
}

export function startFakeS3(options: { bucket?: string } = {}) {
  const bucket = options.bucket ?? "layerlift-backups";
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, { key: string; parts: Map<number, Uint8Array<ArrayBuffer>> }>();
  const requests: Array<{ method: string; path: string; query: string; signed: boolean }> = [];
  let failuresLeft = 0;
  let refusePartsAfterFirst = false;
  let uploadCounter = 0;

  function listV2(url: URL) {
    const prefix = url.searchParams.get("prefix") ?? "";
    const maxKeys = Math.min(Number(url.searchParams.get("max-keys") ?? 1000), 1000);
    const after = url.searchParams.get("continuation-token") ?? url.searchParams.get("start-after") ?? "";
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>"${sha256Hex(object.body).slice(0, 32)}"</ETag><Size>${object.body.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join("");
    return new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
      { headers: { "content-type": "application/xml" } },
    );
  }

  function getObject(request: Request, key: string) {
    const object = objects.get(key);
    if (!object) return s3Error(404, "NoSuchKey", "The specified key does not exist.");
    const headers = {
      "content-type": "application/octet-stream",
      "last-modified": object.lastModified.toUTCString(),
      etag: `"${sha256Hex(object.body).slice(0, 32)}"`,
      "accept-ranges": "bytes",
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
    if (range) {
      const size = object.body.byteLength;
      const start = range[1] === "" ? Math.max(0, size - Number(range[2])) : Number(range[1]);
      const end = range[1] === "" || range[2] === "" ? size - 1 : Math.min(Number(range[2]), size - 1);
      if (start >= size) return s3Error(416, "InvalidRange", "The requested range is not satisfiable.");
      return new Response(request.method === "HEAD" ? null : object.body.slice(start, end + 1), {
        status: 206,
        headers: {
          ...headers,
          "content-range": `bytes ${start}-${end}/${size}`,
          "content-length": String(end - start + 1),
        },
      });
    }
    return new Response(request.method === "HEAD" ? null : object.body, {
      headers: { ...headers, "content-length": String(object.body.byteLength) },
    });
  }

  function completeUpload(uploadId: string, body: Uint8Array<ArrayBuffer>) {
    const upload = uploads.get(uploadId);
    if (!upload) return s3Error(404, "NoSuchUpload", "The specified multipart upload does not exist.");
    const numbers = [...new TextDecoder().decode(body).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
      Number(m[1]),
    );
    if (numbers.length === 0 || numbers.some((n) => !upload.parts.has(n)))
      return s3Error(400, "InvalidPart", "One or more of the specified parts could not be found.");
    const parts = numbers.map((n) => upload.parts.get(n)!);
    const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      whole.set(part, offset);
      offset += part.byteLength;
    }
    objects.set(upload.key, { body: whole, lastModified: new Date() });
    uploads.delete(uploadId);
    return new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(upload.key)}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
      { headers: { "content-type": "application/xml" } },
    );
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = new Uint8Array(await request.arrayBuffer()) as Uint8Array<ArrayBuffer>;
    const problem = signatureProblem(request, url, body);
    requests.push({ method: request.method, path: url.pathname, query: url.search, signed: problem === null });
    if (problem) return s3Error(403, "SignatureDoesNotMatch", `The request signature is not valid: ${problem}.`);
    if (failuresLeft > 0) {
      failuresLeft--;
      return s3Error(503, "SlowDown", "Please reduce your request rate.");
    }
    const [, bucketName, ...rest] = url.pathname.split("/");
    if (bucketName !== bucket) return s3Error(404, "NoSuchBucket", "The specified bucket does not exist.");
    const key = decodeURIComponent(rest.join("/"));
    const uploadId = url.searchParams.get("uploadId");

    if (!key) {
      if (request.method === "GET" && url.searchParams.get("list-type") === "2") return listV2(url);
      return s3Error(501, "NotImplemented", "Only ListObjectsV2 is implemented on the bucket.");
    }
    switch (request.method) {
      case "GET":
      case "HEAD":
        return getObject(request, key);
      case "PUT": {
        if (uploadId) {
          const upload = uploads.get(uploadId);
          if (!upload) return s3Error(404, "NoSuchUpload", "The specified multipart upload does not exist.");
          const partNumber = Number(url.searchParams.get("partNumber"));
          if (refusePartsAfterFirst && partNumber > 1)
            return s3Error(500, "InternalError", "We encountered an internal error. Please try again.");
          upload.parts.set(partNumber, body);
          return new Response(null, { headers: { etag: `"part-${partNumber}"` } });
        }
        objects.set(key, { body, lastModified: new Date() });
        return new Response(null, { headers: { etag: `"${sha256Hex(body).slice(0, 32)}"` } });
      }
      case "POST": {
        if (url.searchParams.has("uploads")) {
          const id = `upload-${++uploadCounter}`;
          uploads.set(id, { key, parts: new Map() });
          return new Response(
            `<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
            { headers: { "content-type": "application/xml" } },
          );
        }
        if (uploadId) return completeUpload(uploadId, body);
        return s3Error(400, "InvalidRequest", "Unknown POST.");
      }
      case "DELETE":
        if (uploadId) {
          uploads.delete(uploadId);
          return new Response(null, { status: 204 });
        }
        objects.delete(key);
        return new Response(null, { status: 204 });
      default:
        return s3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  }

  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handle });
  const endpoint = `http://127.0.0.1:${server.port}`;

  return {
    bucket,
    endpoint,
    objects,
    /** Multipart uploads begun and neither completed nor aborted. */
    uploads,
    /** Every request received, in order, and whether its signature was good. */
    requests,
    /** The variables that point the site at this storage. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_REGION: REGION,
    } as Record<string, string>,
    secretAccessKey: SECRET_ACCESS_KEY,
    /** The next `count` requests (after their signature is checked) answer 503 SlowDown. */
    failNext(count: number) {
      failuresLeft = count;
    },
    /** Multipart uploads get their first part stored and every later one refused with a 500. */
    refusePartsAfterFirst(value: boolean) {
      refusePartsAfterFirst = value;
    },
    /** Keys under `prefix`, sorted. */
    keys(prefix = "") {
      return [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    },
    /** Stores an object as given, with the time it claims, bypassing the API. */
    plant(key: string, body: Uint8Array, lastModified = new Date()) {
      objects.set(key, { body: new Uint8Array(body), lastModified });
    },
    reset() {
      objects.clear();
      uploads.clear();
      requests.length = 0;
      failuresLeft = 0;
      refusePartsAfterFirst = false;
    },
    stop: () => server.stop(true),
  };
}

export type FakeS3 = ReturnType<typeof startFakeS3>;
