import type { SubscriptionView } from "@shared/api-types";
import { failureToast } from "../../lib/failure-toast";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { LoadingPlaceholder } from "../../components/ui/loading-placeholder";
import { Skeleton } from "../../components/ui/skeleton";
import { useCancelSubscription } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";
import { RemainingTime, StatusBadge } from "./header";
import { RedeemKeyCard } from "./redeem-key-card";
import { RenewCard } from "./renew-card";
import { useFormats } from "./time";
import { useT } from "../../lib/language";

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function CancelSubscription({ subscription }: { subscription: SubscriptionView }) {
  const cancel = useCancelSubscription();
  const t = useT();
  const { date } = useFormats();
  const end = date(subscription.endDate);

  if (subscription.plan === "lifetime") {
    return <p className="text-sm text-muted-foreground">{t("dashboard.sub.lifetimeNoCancel")}</p>;
  }
  if (subscription.status === "cancelled") {
    return <p className="text-sm text-muted-foreground">{t("dashboard.sub.cancelledUntil", { date: end })}</p>;
  }
  if (subscription.status === "expired" && subscription.refundedAt) {
    return (
      <p className="text-sm text-muted-foreground">
        {t("dashboard.sub.refundedOn", { date: date(subscription.refundedAt) })}
      </p>
    );
  }
  if (subscription.status === "expired") {
    return <p className="text-sm text-muted-foreground">{t("dashboard.sub.ended")}</p>;
  }

  return (
    <ConfirmDialog
      trigger={<Button variant="destructive">{t("dashboard.sub.cancel")}</Button>}
      title={t("dashboard.sub.cancelTitle")}
      description={t("dashboard.sub.cancelText", { date: end })}
      confirmLabel={cancel.isPending ? t("dashboard.sub.cancelling") : t("dashboard.sub.cancelConfirm")}
      cancelLabel={t("dashboard.sub.keep")}
      destructive
      pending={cancel.isPending}
      onConfirm={(close) =>
        cancel.mutate(undefined, {
          onSuccess: () =>
            toast({
              title: t("dashboard.sub.cancelledToast"),
              description: t("dashboard.sub.keepUntil", { date: end }),
            }),
          onError: failureToast(t("dashboard.error"), t("dashboard.sub.cancelFailed")),
          onSettled: close,
        })
      }
    />
  );
}

export function SubscriptionTab(props: {
  subscription: SubscriptionView | null;
  receivedAt: number;
  loading: boolean;
}) {
  const { subscription, receivedAt, loading } = props;
  const t = useT();
  const { date } = useFormats();
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle level={2} className="text-base">
            {t("dashboard.tab.subscription")}
          </CardTitle>
          <CardDescription>{t("dashboard.sub.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {loading ? (
            // The four details' own layout, so the cards beside or below don't move when they arrive.
            <LoadingPlaceholder label={t("dashboard.sub.loading")} className="grid gap-5 sm:grid-cols-2">
              {Array.from({ length: 4 }, (_, i) => (
                <div key={i} className="grid gap-1">
                  <Skeleton className="h-5 w-24" />
                  <Skeleton className="h-6 w-28" />
                </div>
              ))}
            </LoadingPlaceholder>
          ) : subscription ? (
            <dl className="grid gap-5 sm:grid-cols-2">
              <Detail label={t("dashboard.sub.plan")}>{subscription.planName}</Detail>
              <Detail label={t("dashboard.sub.status")}>
                <StatusBadge subscription={subscription} />
              </Detail>
              <Detail label={t("dashboard.timeRemaining")}>
                <RemainingTime subscription={subscription} receivedAt={receivedAt} />
              </Detail>
              <Detail label={t("dashboard.sub.expiry")}>
                {subscription.endDate ? date(subscription.endDate) : t("dashboard.sub.neverLifetime")}
              </Detail>
            </dl>
          ) : (
            <p className="text-muted-foreground">{t("dashboard.sub.none")}</p>
          )}
        </CardContent>
        {subscription && (
          <CardFooter>
            <CancelSubscription subscription={subscription} />
          </CardFooter>
        )}
      </Card>
      <div className="grid gap-6">
        <RenewCard subscription={subscription} />
        <RedeemKeyCard />
      </div>
    </div>
  );
}
