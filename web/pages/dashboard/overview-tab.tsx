import { BookOpen, ExternalLink, MessagesSquare } from "lucide-react";
import { Link } from "wouter";
import type { SubscriptionView } from "@shared/api-types";
import type { AccountUser } from "../../lib/plugin-key-name";
import { COMMUNITY_CHAT_URL } from "@shared/product";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingPlaceholder } from "../../components/ui/loading-placeholder";
import { Skeleton } from "../../components/ui/skeleton";
import { NextStepCard, type DashboardTab } from "./next-step";
import { ReviewCard } from "./review-card";
import { AddressConfirmationNotice } from "./address-confirmation-notice";
import { useT } from "../../lib/language";
import { useMyReview } from "../../lib/queries/dashboard";

export function OverviewTab({
  user,
  subscription,
  loading,
  onNavigate,
}: {
  user: AccountUser;
  subscription: SubscriptionView | null;
  loading: boolean;
  onNavigate: (tab: DashboardTab) => void;
}) {
  const t = useT();
  // The review is asked for now, beside the dashboard, so its card is ready when the rest shows.
  useMyReview();
  return (
    <div className="grid gap-6">
      <AddressConfirmationNotice />
      {loading ? (
        // The next step (if any) goes first, and is known once the dashboard answers: until then nothing is
        // shown that its arrival would push down.
        <LoadingPlaceholder label={t("dashboard.overview.loading")}>
          <Skeleton className="h-48" />
        </LoadingPlaceholder>
      ) : (
        <OverviewContent user={user} subscription={subscription} onNavigate={onNavigate} />
      )}
    </div>
  );
}

/** The next step, the quick actions and the review, once the dashboard has answered. */
function OverviewContent({
  user,
  subscription,
  onNavigate,
}: {
  user: AccountUser;
  subscription: SubscriptionView | null;
  onNavigate: (tab: DashboardTab) => void;
}) {
  const t = useT();
  return (
    <>
      <NextStepCard user={user} subscription={subscription} onNavigate={onNavigate} />
      <section aria-labelledby="quick-actions" className="grid gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          {t("dashboard.quick.title")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <BookOpen className="size-5 text-brand" aria-hidden /> {t("dashboard.quick.docs")}
              </CardTitle>
              <CardDescription>{t("dashboard.quick.docsText")}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="secondary" className="w-full sm:w-auto">
                <Link href="/docs">{t("dashboard.quick.docsButton")}</Link>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <MessagesSquare className="size-5 text-brand" aria-hidden /> {t("dashboard.quick.community")}
              </CardTitle>
              <CardDescription>{t("dashboard.quick.communityText")}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="secondary" className="w-full sm:w-auto">
                <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
                  {t("dashboard.quick.communityButton")} <ExternalLink aria-hidden />
                </a>
              </Button>
            </CardContent>
          </Card>
        </div>
      </section>
      <ReviewCard canReview={subscription !== null} />
    </>
  );
}
