/**
 * Where a webhook may be sent. In production an endpoint must be `https` and its host must not resolve to
 * a loopback, private, link-local, shared, multicast or metadata address (the server's own network is not
 * the operator's receiver's), unless WEBHOOKS_ALLOW_PRIVATE=1. The host is resolved again before every
 * delivery, so a name that later points inside is refused then too, and the delivery connects to exactly the
 * addresses that were checked (post.ts), never to a second answer. Development allows plain http anywhere.
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

/** The eight 16-bit groups of an IPv6 address (with "::" and a dotted IPv4 tail expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = ipv4Parts(dotted[2]!) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...more] = text.split("::");
  if (more.length) return null;
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...front, ...Array(missing).fill(0), ...back];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 one carries inside it (mapped, compatible, NAT64 or 6to4), or null. */
function embeddedIpv4(groups: number[]): string | null {
  const dotted = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return dotted(groups[6]!, groups[7]!); // ::ffff:a.b.c.d, ::a.b.c.d
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return dotted(groups[6]!, groups[7]!); // NAT64
  if (groups[0] === 0x2002) return dotted(groups[1]!, groups[2]!); // 6to4
  return null;
}

/** Whether an address is one a public receiver never has. */
export function isInternalAddress(address: string): boolean {
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
  const groups = ipv6Groups(address);
  if (!groups) return true; // not an address we can read: never a public receiver's
  const inside = embeddedIpv4(groups);
  if (inside) return isInternalAddress(inside);
  const first = groups[0]!;
  // :: and ::1 are caught above, as the IPv4-compatible 0.0.0.0 and 0.0.0.1.
  return (
    (first & 0xfe00) === 0xfc00 || // unique local (AWS's fd00:ec2:: metadata among them)
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 // multicast
  );
}

/** Resolves a host name to its addresses (every one the resolver has). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const systemResolveHost: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);

/**
 * The addresses a delivery to `url` may connect to: its host resolved once (an IP literal is itself). In production
 * (unless allowed) a host with any internal address is refused with a 422 naming it.
 */
export async function deliverableAddresses(
  url: URL,
  rules: TargetRules,
  resolveHost: ResolveHost = systemResolveHost,
): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolveHost(host);
  } catch {
    throw invalidUrl(`The host ${host} could not be resolved.`);
  }
  if (addresses.length === 0) throw invalidUrl(`The host ${host} could not be resolved.`);
  const internal = strict(rules) ? addresses.find(isInternalAddress) : undefined;
  if (internal)
    throw invalidUrl(
      `The host ${host} resolves to ${internal}, a private or local address; webhooks go to public addresses only (WEBHOOKS_ALLOW_PRIVATE=1 allows it).`,
    );
  return addresses;
}

/** Checks a URL before it is saved: throws a 422 naming the problem (the host is resolved in production only). */
export async function assertDeliverableUrl(raw: string, rules: TargetRules): Promise<URL> {
  const url = parseWebhookUrl(raw, rules);
  if (strict(rules)) await deliverableAddresses(url, rules);
  return url;
}
