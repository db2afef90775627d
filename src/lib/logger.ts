/**
 * The server's log: one JSON object per line on stdout (time, level, msg and fields), or readable
 * lines in development. pino writes through streams, never transports: a transport's worker thread
 * can't load inside the compiled executable. Quiet under `npm test` unless LOG_LEVEL says otherwise.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function build(options: { level: LogLevel; readable: boolean; destination?: DestinationStream }): Logger {
  const settings = {
    level: options.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.readable) return pino(settings, pretty({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
  return pino(settings);
}

const initialLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

/** The process's logger; `configureLogger` sets it up from the configuration when the server starts. */
export let log: Logger = build({ level: LOG_LEVELS.includes(initialLevel) ? initialLevel : "info", readable: false });

export function configureLogger(options: { level: LogLevel; readable: boolean; destination?: DestinationStream }): Logger {
  log = build(options);
  return log;
}
