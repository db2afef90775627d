import type { SubscriptionView } from "@shared/api-types";
import { failureToast } from "../../lib/failure-toast";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { useCancelSubscription } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";
import { RemainingTime, StatusBadge } from "./header";
import { RedeemKeyCard } from "./redeem-key-card";
import { RenewCard } from "./renew-card";
import { formatDate } from "./time";

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

  if (subscription.plan === "lifetime") {
    return <p className="text-sm text-muted-foreground">Lifetime access has no renewal to cancel.</p>;
  }
  if (subscription.status === "cancelled") {
    return (
      <p className="text-sm text-muted-foreground">
        Cancelled. You keep access until {formatDate(subscription.endDate)}.
      </p>
    );
  }
  if (subscription.status === "expired" && subscription.refundedAt) {
    return (
      <p className="text-sm text-muted-foreground">
        The purchase behind this subscription was refunded on {formatDate(subscription.refundedAt)}, and access ended
        then. Buy a plan, or redeem a product key, to continue.
      </p>
    );
  }
  if (subscription.status === "expired") {
    return (
      <p className="text-sm text-muted-foreground">
        This subscription has ended. Renew it, or redeem a product key, to continue.
      </p>
    );
  }

  return (
    <ConfirmDialog
      trigger={<Button variant="destructive">Cancel Subscription</Button>}
      title="Cancel your subscription?"
      description={
        <>
          Cancelling is irreversible. You keep access until the end of your current period (
          {formatDate(subscription.endDate)}), after which the plugin stops working.
        </>
      }
      confirmLabel={cancel.isPending ? "Cancelling…" : "Yes, cancel subscription"}
      cancelLabel="Keep Subscription"
      destructive
      pending={cancel.isPending}
      onConfirm={(close) =>
        cancel.mutate(undefined, {
          onSuccess: () =>
            toast({
              title: "Subscription Cancelled",
              description: `You keep access until ${formatDate(subscription.endDate)}.`,
            }),
          onError: failureToast("Error", "Failed to cancel subscription"),
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
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle level={2} className="text-base">
            Subscription
          </CardTitle>
          <CardDescription>Your plan and how long it runs.</CardDescription>
        </CardHeader>
        <CardContent>
          {loading && !subscription ? (
            <Skeleton className="h-32" />
          ) : subscription ? (
            <dl className="grid gap-5 sm:grid-cols-2">
              <Detail label="Plan">{subscription.planName}</Detail>
              <Detail label="Status">
                <StatusBadge subscription={subscription} />
              </Detail>
              <Detail label="Time remaining">
                <RemainingTime subscription={subscription} receivedAt={receivedAt} />
              </Detail>
              <Detail label="Expiry date">
                {subscription.endDate ? formatDate(subscription.endDate) : "Never (lifetime)"}
              </Detail>
            </dl>
          ) : (
            <p className="text-muted-foreground">
              No subscription on this account yet. Redeem a product key to start one.
            </p>
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
