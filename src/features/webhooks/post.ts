/**
 * One POST to a receiver, connected to addresses already resolved and checked (target.ts): the request's own
 * look-up answers with them, so a name that points elsewhere a moment later (DNS rebinding) can't turn a checked
 * public host into a connection inside the server's network. TLS still verifies the certificate against the
 * host's name. Redirects are not followed (a 3xx is the receiver's answer).
 */
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";

export interface ReceiverAnswer {
  status: number;
  /** The first `maxBytes` bytes of the answer, as text; the rest is never read. */
  body: string;
}

/** A look-up that answers with the given addresses, whatever name it is asked for. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const found = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_host, options, done) => {
    if (options.all) (done as (error: null, all: typeof found) => void)(null, found);
    else done(null, found[0]!.address, found[0]!.family);
  };
}

/** POSTs `body` to `url`, connecting only to `addresses`; rejects on a network error or when `signal` aborts. */
export function postToAddresses(
  url: URL,
  addresses: string[],
  request: { headers: Record<string, string>; body: string; signal: AbortSignal; maxBytes: number },
): Promise<ReceiverAnswer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: "POST",
        headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        lookup: pinnedLookup(addresses),
        signal: request.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            body: new TextDecoder().decode(Buffer.concat(chunks).subarray(0, request.maxBytes)),
          });
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size >= request.maxBytes) finish();
        });
        response.on("end", finish);
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
