import { ExternalLink, TriangleAlert } from "lucide-react";
import { PRODUCT_NAME } from "@shared/product";
import { pluginInstallUrl } from "../lib/plugin-install-url";
import { cn } from "../lib/utils";
import { richMessage, useT } from "../lib/language";

/**
 * The plugin's store page (PLUGIN_INSTALL_URL). A server without one (development only: production
 * refuses to start without it) shows a marked placeholder, so nobody mistakes it for a real link.
 */
export function PluginStoreLink({
  className,
  children = `Open the ${PRODUCT_NAME} store page`,
}: {
  className?: string;
  children?: string;
}) {
  const url = pluginInstallUrl();
  const t = useT();
  if (!url) {
    return (
      <span
        className={cn(
          "inline-flex items-center gap-1.5 rounded-md border border-dashed border-amber-500/70 px-2 py-0.5 text-sm",
          className,
        )}
        data-testid="plugin-store-placeholder"
      >
        <TriangleAlert className="size-4 shrink-0 text-amber-400 light:text-amber-700" aria-hidden />
        <span>
          {richMessage(t("dashboard.store.placeholder"), [
            (text) => <strong className="font-semibold">{text}</strong>,
            (text) => <code className="font-mono">{text}</code>,
          ])}
        </span>
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn("inline-flex items-center gap-1 font-medium text-brand underline underline-offset-4", className)}
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">{t("dashboard.newTab")}</span>
    </a>
  );
}
