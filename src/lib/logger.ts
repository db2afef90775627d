/**
 * The server's log: one JSON object per line on stdout (time, level, msg and fields), or readable
 * lines (LOG_FORMAT=pretty; the default in development at a terminal). pino writes through streams, never transports: a transport's worker thread
 * can't load inside the compiled executable. Quiet under `npm test` unless LOG_LEVEL says otherwise.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How often buffered lines are written out at the latest. */
const FLUSH_EVERY_MS = 1_000;
let flushTimer: ReturnType<typeof setInterval> | null = null;

/**
 * Stdout through a 4 KB buffer: one write for many lines instead of a system call per request line
 * (which cost the busiest routes a fifth of their throughput). Flushed every second, and by
 * `flushLog()` when the process stops.
 */
function bufferedStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  if (flushTimer) clearInterval(flushTimer);
  flushTimer = setInterval(() => destination.flush(), FLUSH_EVERY_MS);
  flushTimer.unref();
  return destination;
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
  if (options.destination) return pino(settings, options.destination);
  if (options.readable) return pino(settings, pretty({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
  return pino(settings, bufferedStdout());
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
    : JSON.stringify({ level: "info", time: new Date().toISOString(), ...fields, msg: message }) + "\n";
  process.stdout.write(line);
}

/** Writes out what is buffered, synchronously: before the process exits. */
export function flushLog(): void {
  try { log.flush(); } catch {}
  const stream = (log as unknown as { [key: symbol]: unknown })[pino.symbols.streamSym] as { flushSync?: () => void } | undefined;
  try { stream?.flushSync?.(); } catch {}
}

const initialLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

/** The process's logger; `configureLogger` sets it up from the configuration when the server starts. */
export let log: Logger = build({ level: LOG_LEVELS.includes(initialLevel) ? initialLevel : "info", readable: false });

let currentReadable = false;

export function configureLogger(options: { level: LogLevel; readable: boolean; destination?: DestinationStream }): Logger {
  log = build(options);
  currentReadable = options.readable && !options.destination;
  return log;
}

// Lines still in the buffer when the process exits (a stop, a CLI command) are written out first.
process.on("exit", flushLog);
