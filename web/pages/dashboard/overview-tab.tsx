import { BookOpen, ExternalLink, MessagesSquare } from "lucide-react";
import { Link } from "wouter";
import type { SubscriptionView } from "@shared/api-types";
import type { AccountUser } from "../../lib/plugin-key-name";
import { COMMUNITY_CHAT_URL } from "@shared/product";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { NextStepCard, type DashboardTab } from "./next-step";
import { ReviewCard } from "./review-card";
import { AddressConfirmationNotice } from "./address-confirmation-notice";

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
  return (
    <div className="grid gap-6">
      <AddressConfirmationNotice />
      {!loading && <NextStepCard user={user} subscription={subscription} onNavigate={onNavigate} />}
      <section aria-labelledby="quick-actions" className="grid gap-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <BookOpen className="size-5 text-brand" aria-hidden /> Documentation
              </CardTitle>
              <CardDescription>Learn the layer tags that turn your designs into game UI.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="secondary" className="w-full sm:w-auto">
                <Link href="/docs">View Documentation</Link>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <MessagesSquare className="size-5 text-brand" aria-hidden /> Community
              </CardTitle>
              <CardDescription>Ask questions, share builds and get help from other developers.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="secondary" className="w-full sm:w-auto">
                <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
                  Join Community <ExternalLink aria-hidden />
                </a>
              </Button>
            </CardContent>
          </Card>
        </div>
      </section>
      <ReviewCard canReview={subscription !== null} loading={loading} />
    </div>
  );
}
