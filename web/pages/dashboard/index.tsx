import { useEffect } from "react";
import { useSearch } from "wouter";
import { Headset, KeyRound, LayoutDashboard, Puzzle, Receipt, Settings } from "lucide-react";
import { Layout } from "../../components/layout";
import { LoadFailed } from "../../components/load-failed";
import { AccountLoadFailed } from "../../components/account-load-failed";
import { PageLoading } from "../../components/page-loading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { refreshSubscription, useDashboard } from "../../lib/queries/dashboard";
import { verifyPayment } from "../../lib/queries/checkout";
import { useRequireAuth } from "../../lib/use-require-auth";
import { useTabInUrl } from "../../lib/use-tab-in-url";
import { useT } from "../../lib/language";
import { DashboardHeader } from "./header";
import { OverviewTab } from "./overview-tab";
import { PluginTab } from "./plugin-tab";
import { PurchasesTab } from "./purchases-tab";
import { SettingsTab } from "./settings-tab";
import { SubscriptionTab } from "./subscription-tab";
import { SupportTab } from "./support-tab";

const TABS = [
  { value: "overview", icon: LayoutDashboard },
  { value: "subscription", icon: KeyRound },
  { value: "plugin", icon: Puzzle },
  { value: "purchases", icon: Receipt },
  { value: "support", icon: Headset },
  { value: "settings", icon: Settings },
] as const;

const TAB_VALUES = TABS.map((tab) => tab.value);

/**
 * Back from the card provider after a renewal that needed a redirect (3-D Secure): verify it, which
 * applies the key if the webhook hasn't yet, then show the new end date.
 */
function useReturnFromRenewal(search: URLSearchParams) {
  const paymentIntent = search.get("payment_intent");
  const clientSecret = search.get("payment_intent_client_secret");
  const succeeded = search.get("redirect_status") === "succeeded";
  useEffect(() => {
    if (!paymentIntent || !succeeded) return;
    void verifyPayment(paymentIntent, clientSecret).finally(refreshSubscription);
  }, [paymentIntent, clientSecret, succeeded]);
}

export default function DashboardPage() {
  const t = useT();
  const { user, error, retry } = useRequireAuth();
  const dashboard = useDashboard();
  const search = new URLSearchParams(useSearch());
  // The open tab is in the address (?tab=subscription is the reminder e-mails' Renew link).
  const [tab, setTab] = useTabInUrl(TAB_VALUES);
  useReturnFromRenewal(search);
  if (!user) return error ? <AccountLoadFailed error={error} onRetry={() => retry()} /> : <PageLoading />;

  // Time remaining ticks down from the moment /api/dashboard answered; until then the header waits. A failed call
  // keeps what depends on it waiting beside the failure and its Try again: a subscriber is never shown as an
  // account without a subscription.
  const subscription = dashboard.data?.subscription ?? null;
  const receivedAt = dashboard.data?.receivedAt ?? 0;
  const loading = !dashboard.data;

  return (
    <Layout className="grid content-start gap-6">
      <DashboardHeader user={user} subscription={subscription} receivedAt={receivedAt} loading={loading} />
      {dashboard.isError && (
        <LoadFailed
          text={t("dashboard.loadFailed")}
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
          boxed
        />
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value as typeof tab)} className="min-w-0">
        {/* On a phone the six tabs wrap onto two rows, so none is hidden past the screen's edge. */}
        <TabsList
          aria-label={t("dashboard.sections")}
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto"
        >
          {TABS.map(({ value, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden className="hidden sm:block" /> {t(`dashboard.tab.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab user={user} subscription={subscription} loading={loading} onNavigate={setTab} />
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionTab subscription={subscription} receivedAt={receivedAt} loading={loading} />
        </TabsContent>
        <TabsContent value="plugin">
          <PluginTab user={user} />
        </TabsContent>
        <TabsContent value="purchases">
          <PurchasesTab />
        </TabsContent>
        <TabsContent value="support">
          <SupportTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab user={user} />
        </TabsContent>
      </Tabs>
    </Layout>
  );
}
