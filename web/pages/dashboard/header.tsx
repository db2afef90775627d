import { Clock, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import type { SubscriptionView } from "@shared/api-types";
import type { AccountUser } from "../../lib/plugin-key-name";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { LoadingPlaceholder } from "../../components/ui/loading-placeholder";
import { Skeleton } from "../../components/ui/skeleton";
import { richMessage, useT } from "../../lib/language";
import { progressPercent, remainingMs, useFormats, useNow } from "./time";

/** The plan the account has now: none, once its access has ended (run out, or its time refunded). */
export function PlanBadge({ subscription }: { subscription: SubscriptionView | null }) {
  const t = useT();
  if (!subscription) return <Badge variant="secondary">{t("dashboard.plan.none")}</Badge>;
  if (subscription.status === "expired") return <Badge variant="secondary">{t("dashboard.plan.noActive")}</Badge>;
  return <Badge variant={subscription.plan === "lifetime" ? "accent" : "default"}>{subscription.planName}</Badge>;
}

export function StatusBadge({ subscription }: { subscription: SubscriptionView }) {
  const t = useT();
  const { status } = subscription;
  if (status === "expired" && subscription.refundedAt)
    return <Badge variant="destructive">{t("dashboard.status.refunded")}</Badge>;
  if (status === "active") return <Badge variant="success">{t("dashboard.status.active")}</Badge>;
  if (status === "cancelled") return <Badge variant="secondary">{t("dashboard.status.cancelled")}</Badge>;
  if (status === "suspended") return <Badge variant="destructive">{t("dashboard.status.onHold")}</Badge>;
  return <Badge variant="destructive">{t("dashboard.status.expired")}</Badge>;
}

/** Time remaining, ticking every second from the server's figure. */
export function RemainingTime({ subscription, receivedAt }: { subscription: SubscriptionView; receivedAt: number }) {
  const now = useNow();
  const t = useT();
  const { remaining } = useFormats();
  const ms = remainingMs(subscription, receivedAt, now);
  return (
    <span className="tabular-nums">
      {ms === null ? (
        <>
          {/* The sign is seen; "Unlimited" is what a screen reader says for it. */}
          <span aria-hidden>{remaining(ms)}</span>
          <span className="sr-only">{t("dashboard.unlimited")}</span>
        </>
      ) : (
        remaining(ms)
      )}
    </span>
  );
}

/** Why the plugin stopped working, and what to do: a disputed payment puts the subscription on hold. */
export function SuspendedNotice() {
  const t = useT();
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
      {richMessage(t("dashboard.suspended"), [
        (text) => (
          <Link href="/support" className="font-medium text-brand underline underline-offset-4">
            {text}
          </Link>
        ),
      ])}
    </p>
  );
}

function LiveClock() {
  const now = useNow();
  const { clock } = useFormats();
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums text-muted-foreground" data-testid="live-clock">
      <Clock className="size-4" aria-hidden /> <time dateTime={new Date(now).toISOString()}>{clock(now)}</time>
    </span>
  );
}

function RemainingBar({ subscription, receivedAt }: { subscription: SubscriptionView; receivedAt: number }) {
  const now = useNow();
  const t = useT();
  const { remaining } = useFormats();
  const ms = remainingMs(subscription, receivedAt, now);
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{t("dashboard.timeRemaining")}</span>
        <span className="inline-flex items-center gap-1 font-medium tabular-nums" data-testid="header-time-remaining">
          {remaining(ms)}
        </span>
      </div>
      <Progress value={progressPercent(subscription.plan, ms)} label={t("dashboard.timeRemaining")} />
    </div>
  );
}

export function DashboardHeader(props: {
  user: AccountUser;
  subscription: SubscriptionView | null;
  receivedAt: number;
  loading: boolean;
}) {
  const { user, subscription, receivedAt, loading } = props;
  const t = useT();
  return (
    <Card>
      <CardContent className="grid gap-5 pt-6 md:grid-cols-[1fr_minmax(260px,360px)] md:items-center">
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">{t("dashboard.title")}</h1>
            {loading ? <Skeleton className="h-5 w-24 rounded-full" /> : <PlanBadge subscription={subscription} />}
          </div>
          <p className="truncate text-muted-foreground" title={user.email}>
            {user.email}
          </p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <LiveClock />
            {user.isAdmin && (
              <Button asChild size="sm" variant="outline">
                <Link href="/admin">
                  <ShieldCheck aria-hidden /> {t("dashboard.adminPanel")}
                </Link>
              </Button>
            )}
          </div>
        </div>
        {loading ? (
          // The time-remaining line and bar's own height, so nothing below moves when they arrive.
          <LoadingPlaceholder label={t("dashboard.sub.loading")} className="grid gap-2">
            <Skeleton className="h-5" />
            <Skeleton className="h-2" />
          </LoadingPlaceholder>
        ) : subscription ? (
          <div className="grid gap-3">
            <RemainingBar subscription={subscription} receivedAt={receivedAt} />
            {subscription.status === "suspended" && <SuspendedNotice />}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("dashboard.header.noSubscription")}</p>
        )}
      </CardContent>
    </Card>
  );
}
