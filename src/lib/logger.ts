/**
 * The server's log: one JSON object per line on stdout (time, level, msg and fields), or readable
 * lines (LOG_FORMAT=pretty; the default in development at a terminal). pino writes through streams, never transports: a transport's worker thread
 * can't load inside the compiled executable. Quiet under `npm test` unless LOG_LEVEL says otherwise.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import { lazyRequire } from "./lazy-module";

/** Readable lines need pino-pretty; JSON lines (production) never load it. */
const loadPretty = lazyRequire(
  "readable log lines (pino-pretty)",
  () => require("pino-pretty") as typeof import("pino-pretty"),
);

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How often buffered lines are written out at the latest. */
const FLUSH_EVERY_MS = 1_000;
let flushTimer: ReturnType<typeof setInterval> | null = null;

/**
 * Stdout through a 4 KB buffer: one write for many lines instead of a system call per request line
 * (which cost the busiest routes a fifth of their throughput). Flushed every second, and by
 * `flushLog()` when the process stops. The writes are synchronous, as pino's own default: an
 * asynchronous write hands each batch to a worker thread and back, which cost six times the CPU of
 * writing it (about 1.5 µs a request on plugin validation). A reader of stdout that stops reading
 * therefore holds the server up rather than letting its memory grow without bound.
 */
function bufferedStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  if (flushTimer) clearInterval(flushTimer);
  flushTimer = setInterval(() => {
    writeRequestLines();
    destination.flush();
  }, FLUSH_EVERY_MS);
  flushTimer.unref();
  return destination;
}

/*
 * Request lines. One per request makes them the log's hottest path: through pino each cost 10-40 µs
 * under Bun (serialising the object, then sonic-boom appending and measuring a growing string), about
 * a third of the plugin validation's throughput. In JSON mode they are written here instead: the line
 * is built from its five known fields, the time string is made once per millisecond, and the lines
 * go to pino's own stream in batches of about 16 KB. pino's other lines take the waiting request lines
 * with them (its streamWrite hook), so the log keeps its order.
 */
const REQUEST_LINES_BATCH = 16_384;
let requestLines = "";
/** JSON lines to stdout: request lines are batched here. Otherwise (readable, or a test's destination) they go through pino. */
let batchRequestLines = false;
let infoEnabled = false;

function takeRequestLines(): string {
  const lines = requestLines;
  requestLines = "";
  return lines;
}

function writeRequestLines(): void {
  if (!requestLines) return;
  (log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym].write(takeRequestLines());
}

let isoMs = 0;
let isoText = "";
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

/** A JSON string; plain route patterns, methods and request ids need no escaping. */
const quote = (text: string) => (/^[\w.:/*@-]*$/.test(text) ? `"${text}"` : JSON.stringify(text));

export interface RequestLine {
  reqId: string;
  /** The client's address (with TRUST_PROXY, the one the proxy appended to X-Forwarded-For). */
  ip: string;
  method: string;
  route: string;
  status: number;
  ms: number;
}

/** The one info line of a request: `{level, time, reqId, ip, method, route, status, ms, msg: "request"}`. */
export function logRequest(line: RequestLine): void {
  if (!infoEnabled) return;
  if (!batchRequestLines) {
    log.info(line, "request");
    return;
  }
  requestLines += `{"level":"info","time":"${isoNow()}","reqId":${quote(line.reqId)},"ip":${quote(line.ip)},"method":${quote(line.method)},"route":${quote(line.route)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`;
  if (requestLines.length >= REQUEST_LINES_BATCH) writeRequestLines();
}

/** The request being handled, so every line written for it carries its id without passing it around. */
const currentRequest = new AsyncLocalStorage<{ reqId: string }>();

/** From here on (this request's handlers, awaits and all), log lines carry `reqId`. */
export function enterRequestLog(reqId: string): void {
  currentRequest.enterWith({ reqId });
}

function build(options: { level: LogLevel; readable: boolean; destination?: DestinationStream }): Logger {
  const settings = {
    level: options.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => currentRequest.getStore() ?? {},
  };
  batchRequestLines = false;
  if (options.destination) return pino(settings, options.destination);
  if (options.readable)
    return pino(settings, loadPretty()({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
  batchRequestLines = true;
  return pino(
    { ...settings, hooks: { streamWrite: (line: string) => (requestLines ? takeRequestLines() + line : line) } },
    bufferedStdout(),
  );
}

/** Readable lines when asked for, or by default in development at a terminal; JSON lines otherwise. */
export function readableLog(format: "pretty" | "json" | null, env: string, isTTY: boolean): boolean {
  return format ? format === "pretty" : env === "development" && isTTY;
}

/**
 * A line that must reach the person whatever LOG_LEVEL says (something shown once, such as a generated
 * password): through the log when its level lets info through, else written straight to stdout in the
 * log's own format.
 */
export function notice(fields: Record<string, unknown>, message: string): void {
  if (log.isLevelEnabled("info")) {
    log.info(fields, message);
    return;
  }
  flushLog(); // keep the order of anything buffered before it
  const readable = currentReadable;
  const line = readable
    ? `${message}\n`
    : `${JSON.stringify({ level: "info", time: new Date().toISOString(), ...fields, msg: message })}\n`;
  process.stdout.write(line);
}

/** Writes out what is buffered, synchronously: before the process exits. */
export function flushLog(): void {
  try {
    writeRequestLines();
  } catch {}
  try {
    log.flush();
  } catch {}
  const stream = (log as unknown as { [key: symbol]: unknown })[pino.symbols.streamSym] as
    | { flushSync?: () => void }
    | undefined;
  try {
    stream?.flushSync?.();
  } catch {}
}

const initialLevel =
  (process.env.LOG_LEVEL as LogLevel | undefined) ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

/** The process's logger; `configureLogger` sets it up from the configuration when the server starts. */
export let log: Logger = build({ level: LOG_LEVELS.includes(initialLevel) ? initialLevel : "info", readable: false });
infoEnabled = log.isLevelEnabled("info");

let currentReadable = false;

export function configureLogger(options: {
  level: LogLevel;
  readable: boolean;
  destination?: DestinationStream;
}): Logger {
  try {
    writeRequestLines();
  } catch {} // the old logger's waiting lines go out through it
  log = build(options);
  infoEnabled = log.isLevelEnabled("info");
  currentReadable = options.readable && !options.destination;
  return log;
}

// Lines still in the buffer when the process exits (a stop, a CLI command) are written out first.
process.on("exit", flushLog);
