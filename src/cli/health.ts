/**
 * `layerlift health`: exit 0 when the server answers healthy, 1 otherwise (degraded, stopping, down or
 * silent). With the metrics token the server adds its reasons, printed one per line. It needs no
 * configuration and no database: a container's health check runs it beside the server.
 */
import { textOption, type Command } from "./command";

export const healthCommand: Command = {
  usage: `  layerlift health [--url URL] [--token T]            ask a running server for /api/health?strict=1; with
                                                      the metrics token (--token or $METRICS_TOKEN) it
                                                      also prints why the server is degraded`,
  options: { url: { type: "string" }, token: { type: "string" } },
  database: "none",
  run({ values, env }) {
    return checkHealth(
      textOption(values, "url") ?? `http://127.0.0.1:${env.PORT || 3000}`,
      textOption(values, "token") ?? env.METRICS_TOKEN,
    );
  },
};

async function checkHealth(base: string, token: string | undefined): Promise<number> {
  try {
    const response = await fetch(`${base.replace(/\/+$/, "")}/api/health?strict=1`, {
      signal: AbortSignal.timeout(5_000),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = await response.text();
    console.log(`${response.status} ${body}`);
    let reasons: unknown;
    try {
      reasons = (JSON.parse(body) as { reasons?: unknown }).reasons;
    } catch {
      reasons = undefined;
    }
    if (Array.isArray(reasons)) for (const reason of reasons) console.log(`- ${reason}`);
    return response.status === 200 ? 0 : 1;
  } catch (error) {
    console.error(`No answer from ${base}: ${(error as Error).message}`);
    return 1;
  }
}
