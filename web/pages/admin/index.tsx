import type { ReactNode } from "react";
import {
  ClipboardList,
  History,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Receipt,
  Tags,
  TicketPercent,
  Undo2,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import { Layout } from "../../components/layout";
import { NotFoundPage } from "../../components/not-found";
import { AccountLoadFailed } from "../../components/account-load-failed";
import { PageLoading } from "../../components/page-loading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useRequireAuth } from "../../lib/use-require-auth";
import { useTabInUrl } from "../../lib/use-tab-in-url";
import { useAdminOverview } from "../../lib/queries/admin";
import { TestEmailDialog } from "./test-email-dialog";
import { OverviewTab } from "./overview-tab";
import { KeysTab } from "./keys-tab";
import { SalesTab } from "./sales-tab";
import { SupportTab } from "./support-tab";
import { EmailsTab } from "./emails-tab";
import { UsersTab } from "./users-tab";
import { AuditTab } from "./audit-tab";
import { PlansTab } from "./plans-tab";
import { PromotionCodesTab } from "./promotion-codes-tab";
import { RefundRequestsTab } from "./refund-requests-tab";
import { WebhooksTab } from "./webhooks-tab";
import type { AdminTab, AdminTabProps } from "./tab-props";

const TABS: { value: AdminTab; label: string; icon: LucideIcon; Content: (props: AdminTabProps) => ReactNode }[] = [
  { value: "overview", label: "Overview", icon: LayoutDashboard, Content: OverviewTab },
  { value: "sales", label: "Sales", icon: Receipt, Content: SalesTab },
  { value: "keys", label: "Keys", icon: KeyRound, Content: KeysTab },
  { value: "plans", label: "Plans", icon: Tags, Content: PlansTab },
  { value: "promotions", label: "Promotion codes", icon: TicketPercent, Content: PromotionCodesTab },
  { value: "support", label: "Support", icon: LifeBuoy, Content: SupportTab },
  { value: "emails", label: "E-mails", icon: Mail, Content: EmailsTab },
  { value: "users", label: "Users", icon: Users, Content: UsersTab },
  { value: "audit", label: "Audit", icon: History, Content: AuditTab },
  { value: "refund-requests", label: "Refund requests", icon: Undo2, Content: RefundRequestsTab },
  { value: "webhooks", label: "Webhooks", icon: Webhook, Content: WebhooksTab },
];

const TAB_VALUES = TABS.map((tab) => tab.value);

/** Beside Support: how many tickets are ours to answer (new, or the sender wrote again). */
function ToAnswerCount() {
  const count = useAdminOverview().data?.openTicketCount ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-1 rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums">
      {count}
      <span className="sr-only"> to answer</span>
    </span>
  );
}

export default function AdminPage() {
  const { user, error, retry } = useRequireAuth();
  // The open tab is in the address (?tab=keys), so reload, Back and shared links keep it.
  const [tab, setTab] = useTabInUrl(TAB_VALUES);
  if (!user) return error ? <AccountLoadFailed error={error} onRetry={() => retry()} /> : <PageLoading />;
  if (!user.isAdmin) return <NotFoundPage variant="not-admin" />;
  return (
    <Layout>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-semibold tracking-tight">
            <ClipboardList aria-hidden className="size-7 text-brand" /> Admin Panel
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">Signed in as {user.email}</p>
        </div>
        <TestEmailDialog defaultEmail={user.email} />
      </header>
      <Tabs value={tab} onValueChange={(value) => setTab(value as AdminTab)} className="mt-8">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:flex sm:flex-wrap sm:w-auto">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden /> {label}
              {value === "support" && <ToAnswerCount />}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value} className="mt-6">
            <Content onNavigate={setTab} />
          </TabsContent>
        ))}
      </Tabs>
    </Layout>
  );
}
