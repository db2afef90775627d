/** Every secret the app hands out comes from here, drawn from the platform CSPRNG. */
import { PRODUCT_KEY_LENGTH } from "@shared/product";

/** No 0/O/1/I: keys are read off e-mails and typed by hand. */
const PRODUCT_KEY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** Uniform pick from an alphabet by rejection sampling (no modulo bias). */
function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newProductKey = () => randomString(PRODUCT_KEY_ALPHABET, PRODUCT_KEY_LENGTH);
export const newPluginKey = () => `ll_${randomString(BASE32, 32)}`;
export const newToken = (bytes = 32) =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
export const newPassword = () => randomString(PRODUCT_KEY_ALPHABET.toLowerCase() + PRODUCT_KEY_ALPHABET, 16);

export function sha256Hex(value: string): string {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}
