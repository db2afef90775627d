/**
 * Where a webhook may be sent. In production an endpoint must be `https` and its host must not resolve to
 * a loopback, private, link-local, shared, multicast or metadata address (the server's own network is not
 * the operator's receiver's), unless WEBHOOKS_ALLOW_PRIVATE=1. The host is resolved again before every
 * delivery, so a name that later points inside is refused then too. Development allows plain http anywhere.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Config } from "../../config";
import { AppError } from "../../lib/errors";

export type TargetRules = Pick<Config, "env" | "webhooksAllowPrivate">;

const invalidUrl = (message: string) => new AppError(422, "INVALID_WEBHOOK_URL", message);

/** Parses the URL and applies the rules that need no look-up. */
export function parseWebhookUrl(raw: string, rules: TargetRules): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidUrl("The URL is not a valid address: give the full address, starting with https://.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw invalidUrl("The URL must start with https:// (or http:// outside production).");
  if (url.username || url.password) throw invalidUrl("The URL must not carry a user name or password.");
  if (strict(rules) && url.protocol !== "https:") throw invalidUrl("In production a webhook URL must use https://.");
  return url;
}

const strict = (rules: TargetRules) => rules.env === "production" && !rules.webhooksAllowPrivate;

function ipv4Parts(address: string): number[] {
  return address.split(".").map(Number);
}

/** Whether an address is one a public receiver never has. */
export function isInternalAddress(address: string): boolean {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return isInternalAddress(mapped[1]!);
  if (isIP(address) === 4) {
    const [a, b] = ipv4Parts(address) as [number, number];
    return (
      a === 0 || // this network
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) || // shared (carrier-grade NAT)
      (a === 169 && b === 254) || // link-local, and the clouds' metadata service
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) || // benchmarking
      a >= 224 // multicast, reserved, broadcast
    );
  }
  const v6 = address.toLowerCase();
  return (
    v6 === "::" ||
    v6 === "::1" ||
    /^f[cd]/.test(v6) || // unique local
    /^fe[89ab]/.test(v6) || // link-local
    /^ff/.test(v6) || // multicast
    v6.startsWith("fd00:ec2::") // AWS's IPv6 metadata (inside fd00::/8 already)
  );
}

/**
 * Checks a URL before it is saved and before each delivery: throws a 422 naming the problem. Resolves the
 * host in production (unless allowed), refusing it when any of its addresses is internal.
 */
export async function assertDeliverableUrl(raw: string, rules: TargetRules): Promise<URL> {
  const url = parseWebhookUrl(raw, rules);
  if (!strict(rules)) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);
  } catch {
    throw invalidUrl(`The host ${host} could not be resolved.`);
  }
  const internal = addresses.find(isInternalAddress);
  if (internal)
    throw invalidUrl(
      `The host ${host} resolves to ${internal}, a private or local address; webhooks go to public addresses only (WEBHOOKS_ALLOW_PRIVATE=1 allows it).`,
    );
  return url;
}
