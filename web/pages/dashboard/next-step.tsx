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
import { useT, type Translate } from "../../lib/language";

export type DashboardTab = "overview" | "subscription" | "plugin" | "purchases" | "settings";

interface Step {
  title: string;
  text: string;
  action: string;
  tab: DashboardTab;
}

function nextStep(t: Translate, user: AccountUser, subscription: SubscriptionView | null): Step | null {
  if (!subscription)
    return {
      title: t("dashboard.next.redeemTitle"),
      text: t("dashboard.next.redeemText"),
      action: t("dashboard.next.redeemAction"),
      tab: "subscription",
    };
  if (subscription.status === "expired")
    return {
      title: t("dashboard.next.endedTitle"),
      text: subscription.refundedAt ? t("dashboard.next.refundedText") : t("dashboard.next.endedText"),
      action: t("dashboard.next.renew"),
      tab: "subscription",
    };
  if (!user.pluginKey)
    return {
      title: t("dashboard.next.keyTitle"),
      text: t("dashboard.next.keyText"),
      action: t("dashboard.next.keyAction"),
      tab: "plugin",
    };
  return null;
}

export function NextStepCard(props: {
  user: AccountUser;
  subscription: SubscriptionView | null;
  onNavigate: (tab: DashboardTab) => void;
}) {
  const t = useT();
  const step = nextStep(t, props.user, props.subscription);
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
              <BookOpen aria-hidden /> {t("dashboard.next.guide")}
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
