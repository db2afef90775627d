/**
 * The stored form of an off-site backup: the gzip-compressed database in parts of at most 1 MiB, each
 * optionally encrypted, followed by a checksum of everything before it. It is read and written as a
 * stream, one part at a time, so memory stays flat whatever the database's size.
 *
 *   "LLBACKUP" | u32 header length | header (JSON)
 *   part…      u32 (bit 31: last part; bits 0–30: length) | bytes
 *   trailer    "LLBKEND1" | u64 length of all bytes before the trailer | SHA-256 of those bytes
 *
 * Encryption (BACKUP_PASSPHRASE) is AES-256-GCM, an authenticated cipher: a part that was changed, cut
 * short, reordered or moved to another backup fails to decrypt. The key comes from the passphrase through
 * scrypt with a random salt per backup (so every backup has its own key). Part n uses the nonce
 * "n as 11 bytes, then 1 if it is the last part else 0" and the header as associated data: the parts
 * can't be reordered, a backup can't be cut after any part but its last, and the header can't be
 * changed. The header also holds a check value (the tag of an empty message under the key), so a
 * wrong passphrase is told apart from damage before anything is decrypted.
 *
 * The checksum catches damage with or without the passphrase; a backup that does not end in a whole
 * trailer was cut off. A stream that ends normally has passed every check.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const MAGIC = new TextEncoder().encode("LLBACKUP");
const END_MAGIC = new TextEncoder().encode("LLBKEND1");
export const TRAILER_BYTES = 8 + 8 + 32;
export const PART_BYTES = 1 << 20;
const TAG_BYTES = 16;
const LAST_PART = 0x8000_0000;
const MAX_HEADER_BYTES = 64 * 1024;
/** scrypt at 32 MiB of memory; p = 3 gives the work OWASP asks of scrypt (equal to N = 2^17, p = 1). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_CHECK_NONCE = Buffer.alloc(12, 0xff);
const KEY_CHECK_DATA = Buffer.from("layerlift backup key check");

export interface BackupHeader {
  format: 1;
  /** When the database was copied (ISO 8601). */
  takenAt: string;
  /** The database file's size before compression. */
  databaseBytes: number;
  compression: "gzip";
  encryption: null | {
    cipher: "AES-256-GCM";
    kdf: "scrypt";
    N: number;
    r: number;
    p: number;
    salt: string;
    check: string;
  };
}

/** A stored backup that can't be used, in one sentence (the caller adds which one). */
export class BackupFormatError extends Error {
  constructor(
    message: string,
    readonly kind: "not-a-backup" | "incomplete" | "damaged" | "passphrase-needed" | "wrong-passphrase",
  ) {
    super(message);
  }
}

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, { ...params, maxmem: 256 * params.N * params.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function keyCheck(key: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-gcm", key, KEY_CHECK_NONCE);
  cipher.setAAD(KEY_CHECK_DATA);
  cipher.final();
  return cipher.getAuthTag();
}

function nonce(part: number, last: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeUIntBE(part, 5, 6); // 11 counter bytes, of which the low 6 are enough for 2^48 parts
  bytes[11] = last ? 1 : 0;
  return bytes;
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/**
 * The stored form of `gzipped` (the compressed database), as a stream of bytes. With a passphrase the
 * parts are encrypted. `done` resolves with the stored size once the last byte has been produced.
 */
export async function encodeBackup(
  gzipped: AsyncIterable<Uint8Array>,
  info: { takenAt: number; databaseBytes: number; passphrase: string | null },
): Promise<{ header: BackupHeader; stream: AsyncGenerator<Uint8Array> }> {
  let key: Buffer | null = null;
  let encryption: BackupHeader["encryption"] = null;
  if (info.passphrase !== null) {
    const salt = randomBytes(16);
    key = await deriveKey(info.passphrase, salt, SCRYPT);
    encryption = {
      cipher: "AES-256-GCM",
      kdf: "scrypt",
      ...SCRYPT,
      salt: salt.toString("base64"),
      check: keyCheck(key).toString("base64"),
    };
  }
  const header: BackupHeader = {
    format: 1,
    takenAt: new Date(info.takenAt).toISOString(),
    databaseBytes: info.databaseBytes,
    compression: "gzip",
    encryption,
  };
  const headerBytes = Buffer.from(JSON.stringify(header));

  async function* stream(): AsyncGenerator<Uint8Array> {
    const hash = new Bun.CryptoHasher("sha256");
    let length = 0;
    const emit = (bytes: Uint8Array) => {
      hash.update(bytes);
      length += bytes.byteLength;
      return bytes;
    };
    yield emit(Buffer.concat([MAGIC, u32(headerBytes.byteLength), headerBytes]));
    let index = 0;
    /** A part's length word and bytes (sealed with the key, when there is one). */
    function* frame(plain: Buffer, last: boolean): Generator<Uint8Array> {
      let body: Buffer;
      if (key) {
        const cipher = createCipheriv("aes-256-gcm", key, nonce(index, last));
        cipher.setAAD(headerBytes);
        body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      } else body = Buffer.from(plain); // a copy: the part's buffer is filled again at once
      index++;
      yield emit(u32(body.byteLength + (last ? LAST_PART : 0)));
      yield emit(body);
    }
    // One buffer of a part's size, filled again and again; a part is only sealed once more bytes are
    // known to follow, so the last part is marked as such.
    const part = Buffer.allocUnsafe(PART_BYTES);
    let filled = 0;
    for await (const chunk of gzipped) {
      for (let offset = 0; offset < chunk.byteLength; ) {
        if (filled === PART_BYTES) {
          yield* frame(part, false);
          filled = 0;
        }
        const count = Math.min(PART_BYTES - filled, chunk.byteLength - offset);
        part.set(chunk.subarray(offset, offset + count), filled);
        filled += count;
        offset += count;
      }
    }
    yield* frame(part.subarray(0, filled), true);
    const trailer = Buffer.alloc(TRAILER_BYTES);
    trailer.set(END_MAGIC, 0);
    trailer.writeBigUInt64BE(BigInt(length), 8);
    trailer.set(hash.digest(), 16);
    yield trailer;
  }
  return { header, stream: stream() };
}

/** Reads exact byte counts from a stream of chunks. */
class ExactReader {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private iterator: AsyncIterator<Uint8Array>;
  private ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** `count` bytes, or fewer when the stream ends first. */
  async read(count: number): Promise<Buffer> {
    while (this.bufferedBytes < count && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        this.buffered.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        this.bufferedBytes += next.value.byteLength;
      }
    }
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const taken = all.subarray(0, count);
    const rest = all.subarray(taken.byteLength);
    this.buffered = rest.byteLength ? [rest] : [];
    this.bufferedBytes = rest.byteLength;
    return taken;
  }

  async atEnd(): Promise<boolean> {
    return (await this.read(1)).byteLength === 0;
  }
}

const cutOff = () =>
  new BackupFormatError(
    "it ends before its last part (the upload was cut off, or the object was truncated)",
    "incomplete",
  );
const damaged = (what: string) =>
  new BackupFormatError(`it is damaged (${what}; it changed in storage or on the way)`, "damaged");

/** Reads a stored backup's header from its first bytes; throws when they are not a backup's. */
export function parseHeader(bytes: Uint8Array): { header: BackupHeader; headerBytes: Buffer; size: number } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.byteLength < 12 || !buffer.subarray(0, 8).equals(MAGIC))
    throw new BackupFormatError("it is not a Layerlift backup", "not-a-backup");
  const length = buffer.readUInt32BE(8);
  if (length > MAX_HEADER_BYTES) throw new BackupFormatError("it is not a Layerlift backup", "not-a-backup");
  if (buffer.byteLength < 12 + length) throw cutOff();
  const headerBytes = buffer.subarray(12, 12 + length);
  let header: BackupHeader;
  try {
    header = JSON.parse(headerBytes.toString("utf8"));
  } catch {
    throw damaged("its header is not readable");
  }
  if (header.format !== 1 || header.compression !== "gzip")
    throw new BackupFormatError(
      "it was made by a newer version of Layerlift; restore it with that version",
      "not-a-backup",
    );
  return { header, headerBytes, size: 12 + length };
}

/** Whether the last bytes of an object of `size` bytes are a whole trailer that accounts for the rest. */
export function trailerIsWhole(tail: Uint8Array, size: number): boolean {
  if (tail.byteLength !== TRAILER_BYTES) return false;
  const buffer = Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength);
  return buffer.subarray(0, 8).equals(END_MAGIC) && buffer.readBigUInt64BE(8) === BigInt(size - TRAILER_BYTES);
}

/**
 * The compressed database inside a stored backup, checked as it is read: the generator throws a
 * BackupFormatError at the first problem, and ends normally only after the checksum matched.
 * `passphrase` null reads only unencrypted backups (and checksums of any, with `checksumOnly`).
 */
export async function* decodeBackup(
  source: AsyncIterable<Uint8Array>,
  passphrase: string | null,
  options: { checksumOnly?: boolean } = {},
): AsyncGenerator<Uint8Array, BackupHeader> {
  const reader = new ExactReader(source);
  const hash = new Bun.CryptoHasher("sha256");
  let length = 0;
  const consume = (bytes: Buffer) => {
    hash.update(bytes);
    length += bytes.byteLength;
    return bytes;
  };
  const prelude = consume(await reader.read(12));
  if (prelude.byteLength < 12 || !prelude.subarray(0, 8).equals(MAGIC))
    throw new BackupFormatError("it is not a Layerlift backup", "not-a-backup");
  const headerLength = prelude.readUInt32BE(8);
  if (headerLength > MAX_HEADER_BYTES) throw new BackupFormatError("it is not a Layerlift backup", "not-a-backup");
  const headerBytes = consume(await reader.read(headerLength));
  const { header } = parseHeader(Buffer.concat([prelude, headerBytes]));

  let key: Buffer | null = null;
  if (header.encryption && !options.checksumOnly) {
    if (passphrase === null)
      throw new BackupFormatError(
        "it is encrypted and BACKUP_PASSPHRASE is not set; set it to the passphrase the backup was made with",
        "passphrase-needed",
      );
    const { N, r, p, salt, check } = header.encryption;
    key = await deriveKey(passphrase, Buffer.from(salt, "base64"), { N, r, p });
    if (!timingSafeEqual(keyCheck(key), Buffer.from(check, "base64")))
      throw new BackupFormatError("BACKUP_PASSPHRASE is not the passphrase it was encrypted with", "wrong-passphrase");
  }

  for (let part = 0; ; part++) {
    const prefix = await reader.read(4);
    if (prefix.byteLength < 4) throw cutOff();
    consume(prefix);
    const word = prefix.readUInt32BE(0);
    const last = (word & LAST_PART) !== 0;
    const bodyLength = word & ~LAST_PART;
    if (bodyLength > PART_BYTES + TAG_BYTES) throw damaged(`part ${part + 1} has an impossible length`);
    const body = await reader.read(bodyLength);
    if (body.byteLength < bodyLength) throw cutOff();
    consume(body);
    if (key) {
      const decipher = createDecipheriv("aes-256-gcm", key, nonce(part, last));
      decipher.setAAD(headerBytes);
      decipher.setAuthTag(body.subarray(body.byteLength - TAG_BYTES));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(body.subarray(0, body.byteLength - TAG_BYTES)), decipher.final()]);
      } catch {
        throw damaged(`part ${part + 1} fails its authentication`);
      }
      if (plain.byteLength) yield plain;
    } else if (!header.encryption && body.byteLength) yield body;
    if (last) break;
  }

  const trailer = await reader.read(TRAILER_BYTES);
  if (trailer.byteLength < TRAILER_BYTES || !trailer.subarray(0, 8).equals(END_MAGIC)) throw cutOff();
  if (trailer.readBigUInt64BE(8) !== BigInt(length)) throw damaged("its length does not match its trailer");
  if (!Buffer.from(hash.digest()).equals(trailer.subarray(16))) throw damaged("its checksum does not match");
  if (!(await reader.atEnd())) throw damaged("there are bytes after its end");
  return header;
}
