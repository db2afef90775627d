/** Captures the server's log lines (JSON objects) for a test; the log goes quiet again afterwards. */
import { configureLogger, type LogLevel } from "../../src/lib/logger";

export function captureLog(level: LogLevel = "info") {
  const lines: Array<Record<string, unknown>> = [];
  configureLogger({
    level,
    readable: false,
    destination: {
      write: (line: string) => {
        lines.push(JSON.parse(line));
      },
    },
  });
  return {
    lines,
    text: () => lines.map((line) => JSON.stringify(line)).join("\n"),
    restore: () => {
      configureLogger({ level: "silent", readable: false });
    },
  };
}
