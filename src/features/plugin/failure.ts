import { AppError } from "../../lib/errors";
import { PLUGIN_ANSWERS, type PluginFailure } from "@shared/api/plugin-answers";

/** A failed validation as an error: the app's error handler spreads `extra` into the body, so it gets valid and code. */
export function pluginFailure(
  which: PluginFailure,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const { status, code, message } = PLUGIN_ANSWERS[which];
  return new AppError(status, code, message, { valid: false, code, ...extra }, headers);
}
