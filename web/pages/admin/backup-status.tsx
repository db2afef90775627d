import { CloudAlert, CloudCheck } from "lucide-react";
import type { BackupStatusView } from "@shared/api-types";
import { Skeleton } from "../../components/ui/skeleton";
import { useHealthDetails } from "../../lib/queries/health";
import { cn } from "../../lib/utils";

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago". */
function ago(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "just now";
  const [amount, unit] =
    minutes < 60
      ? [minutes, "minute"]
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), "hour"]
        : [Math.floor(minutes / 1440), "day"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"} ago`;
}

/** "every 6 hours", "every 30 seconds". */
function every(seconds: number): string {
  const [amount, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, "day"]
      : seconds % 3600 === 0
        ? [seconds / 3600, "hour"]
        : seconds % 60 === 0
          ? [seconds / 60, "minute"]
          : [seconds, "second"];
  return amount === 1 ? `every ${unit}` : `every ${amount} ${unit}s`;
}

function details(status: BackupStatusView, nowSeconds: number): string {
  const parts: string[] = [];
  if (status.scheduled) parts.push(`Off-site, ${every(status.everySeconds)}`);
  if (status.warning && status.lastGood) parts.push(`last good backup ${ago(status.lastGood.ageSeconds)}`);
  if (status.drill)
    parts.push(
      `restore drill ${status.drill.ok ? "passed" : "failed"} ${ago(Math.max(0, nowSeconds - status.drill.at / 1000))}`,
    );
  return parts.join(" · ");
}

/** The admin overview's backup line: "Last backup: 2 hours ago" in green, or what is wrong in red. */
export function BackupStatus() {
  const health = useHealthDetails();
  if (health.isPending) return <Skeleton className="h-14" />;
  const status = health.data?.backup;
  const problem = health.isError
    ? `Can't read the backup status: ${health.error.message}`
    : !status
      ? "Can't read the backup status."
      : status.warning;
  const good = !problem && status?.lastGood;
  // The server's own clock dates the drill; the page's may differ, so ages come from the server where it says them.
  const nowSeconds = status?.lastGood ? status.lastGood.at / 1000 + status.lastGood.ageSeconds : Date.now() / 1000;
  const Icon = good ? CloudCheck : CloudAlert;
  return (
    <section
      aria-label="Backups"
      className={cn(
        "flex items-start gap-3 rounded-xl border px-4 py-3 text-sm",
        good ? "border-success/30 bg-success/10" : "border-destructive/40 bg-destructive/10",
      )}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", good ? "text-success" : "text-destructive-text")} aria-hidden />
      <div className="grid min-w-0 gap-0.5">
        <p className={cn("font-medium break-words", good ? "text-success" : "text-destructive-text")}>
          {good && status?.lastGood ? `Last backup: ${ago(status.lastGood.ageSeconds)}` : problem}
        </p>
        {status && details(status, nowSeconds) && (
          <p className="text-xs text-muted-foreground">{details(status, nowSeconds)}</p>
        )}
      </div>
    </section>
  );
}
