/**
 * One log line and one metrics sample per request: time, request id, method, route pattern (not the
 * raw path, so ids don't multiply the series), status and milliseconds. No bodies, tokens or
 * secrets. Every answer carries an X-Request-Id (the caller's, when it sent a sane one), and every
 * error line carries it too, so a user's report can be found in the log.
 */
import { ElysiaCustomStatusResponse } from "elysia";
import { enterRequestLog, logRequest } from "../../lib/logger";
import { isPath, pathStart } from "../../lib/url-path";
import type { Metrics } from "./metrics";

interface RequestState {
  id: string;
  /** Logged already: a response that fails its schema check after the handler is logged once. */
  done?: boolean;
  started: number;
  method: string;
  /** The client's address, found once per request (the request line and validation's limits both use it). */
  ip: string;
  /** Set by the error handler: the status and code it answered with. */
  status?: number;
  code?: string;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const states = new WeakMap<Request, RequestState>();

/**
 * The two hottest calls, the plugin's validation and the SPA's `/api/auth/me`, write no log line of
 * their own (their failures are answers; anything thrown is logged by the error handler, which names
 * the id itself), so they skip the request's log context. Entering the context costs about 1.3 µs a
 * call, as Bun then carries it through every await: a twentieth of a call made thousands of times a
 * second. Bun starts each request with no context, so nothing of another request's leaks in.
 * tests/api/observability.test.ts checks that every answer of these writes its request line and
 * nothing else.
 */
const WITHOUT_LOG_CONTEXT = ["/api/plugin/validate", "/api/auth/me"];

const needsLogContext = (url: string) => {
  const at = pathStart(url);
  return !WITHOUT_LOG_CONTEXT.some((path) => isPath(url, at, path));
};

/** Starts a request's record and answers its id (also set as the X-Request-Id header). */
export function beginRequest(request: Request, headers: Record<string, unknown>, ip: string): string {
  const incoming = request.headers.get("x-request-id");
  const id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  states.set(request, { id, started: performance.now(), method: request.method, ip });
  headers["X-Request-Id"] = id;
  if (needsLogContext(request.url)) enterRequestLog(id);
  return id;
}

export const requestId = (request: Request) => states.get(request)?.id;

/**
 * The caller's address as the request hook found it (http/client-ip): once per request, as asking the socket is
 * a system call. Every request through the app has its record; "local" as client-ip says for a call with no socket.
 */
export const requestIp = (request: Request): string => states.get(request)?.ip ?? "local";

/** The error handler's answer, so the request's line shows the status and code really sent. */
export function noteError(request: Request, status: number, code: string) {
  const state = states.get(request);
  if (state) Object.assign(state, { status, code });
}

/** The route's pattern, or what an unmatched path is, in a small fixed set of labels. */
function routeLabel(route: string | undefined, path: string): string {
  if (route && route !== "/*" && route !== "/api/*") return route;
  if (/^\/+api(?:\/|$)/i.test(path)) return "/api/*";
  return path.startsWith("/assets/") ? "/assets/*" : "/*";
}

export function finishRequest(
  metrics: Metrics,
  context: {
    request: Request;
    route?: string;
    path: string;
    set: { status?: unknown };
    responseValue?: unknown;
    response?: unknown;
  },
) {
  const state = states.get(context.request);
  if (!state || state.done) return;
  state.done = true;
  const value = context.responseValue ?? context.response;
  const status =
    state.status ??
    (value instanceof Response
      ? value.status
      : value instanceof ElysiaCustomStatusResponse
        ? Number(value.code)
        : typeof context.set.status === "number"
          ? context.set.status
          : 200);
  const ms = performance.now() - state.started;
  const route = routeLabel(context.route, context.path);
  metrics.observeRequest({ method: state.method, route, status }, ms / 1000);
  if (route === "/api/plugin/validate" && state.method === "POST")
    metrics.countValidation(state.code ?? (status < 400 ? "VALID" : "ERROR"));
  // A forwarded address is whatever the proxy passed on: capped, so a long header can't swell the log.
  const ip = state.ip.length > 64 ? state.ip.slice(0, 64) : state.ip;
  logRequest({ reqId: state.id, ip, method: state.method, route, status, ms: Math.round(ms * 10) / 10 });
}
