/**
 * The setup guide's troubleshooting as the English page shows it, read from the English catalogue (the
 * plugin's own words unmarked). Pages build theirs with `troubleshootingEntries` in their own language
 * (troubleshooting-entries.ts).
 */
import english from "./locales/en.json";
import { troubleshootingEntries, type TroubleshootingText } from "./troubleshooting-entries";

export type { TroubleshootingEntry } from "./troubleshooting-entries";

/** The messages take plain parameters only ({product}); the title's marked part loses its marks. */
const inEnglish: TroubleshootingText = (id, values = {}) =>
  (english as Record<string, string>)
    [id]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))
    .replace(/<\/?0>/g, "");

export const PLUGIN_TROUBLESHOOTING = troubleshootingEntries(inEnglish);
