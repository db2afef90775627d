/**
 * What the account needs next, first on the Overview: a product key to redeem, access to renew, or the
 * plugin key to generate. Nothing once the account is set up.
 */
import { ArrowRight, BookOpen } from "lucide-react";
import { Link } from "wouter";
import type { SubscriptionView } from "@shared/api-types";
import type { AccountUser } from "../../lib/plugin-key-name";
import { GUIDE_PATH } from "@shared/routes";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

export type DashboardTab = "overview" | "subscription" | "plugin" | "purchases" | "settings";

interface Step {
  title: string;
  text: string;
  action: string;
  tab: DashboardTab;
}

function nextStep(user: AccountUser, subscription: SubscriptionView | null): Step | null {
  if (!subscription)
    return {
      title: "Redeem a product key",
      text: "This account has no subscription yet. Redeem the product key from your purchase e-mail to start.",
      action: "Redeem a key",
      tab: "subscription",
    };
  if (subscription.status === "expired")
    return {
      title: "Your access has ended",
      text: subscription.refundedAt
        ? "Your purchase was refunded, so access ended then. Renew, or redeem another product key, to use the plugin again."
        : "Renew, or redeem another product key, to use the plugin again.",
      action: "Renew",
      tab: "subscription",
    };
  if (!user.pluginKey)
    return {
      title: "Next: generate your plugin key",
      text: "The plugin signs in with it. Generate it, then paste it in the plugin in Roblox Studio; the setup guide shows each step.",
      action: "Generate your plugin key",
      tab: "plugin",
    };
  return null;
}

export function NextStepCard(props: {
  user: AccountUser;
  subscription: SubscriptionView | null;
  onNavigate: (tab: DashboardTab) => void;
}) {
  const step = nextStep(props.user, props.subscription);
  if (!step) return null;
  return (
    <Card className="border-brand/40 bg-accent/30">
      <CardHeader className="gap-1.5">
        <CardTitle level={2} className="text-lg">
          {step.title}
        </CardTitle>
        <CardDescription>{step.text}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button onClick={() => props.onNavigate(step.tab)}>
          {step.action} <ArrowRight aria-hidden />
        </Button>
        {step.tab === "plugin" && (
          <Button asChild variant="outline">
            <Link href={GUIDE_PATH}>
              <BookOpen aria-hidden /> Setup guide
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
