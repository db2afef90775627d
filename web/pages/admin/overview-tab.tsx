import { lazy, Suspense, type ReactNode } from "react";
import { DollarSign, KeyRound, LifeBuoy, ShieldAlert, Undo2, Wallet } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useAdminOverview } from "../../lib/queries/admin";
import { useHealthDetails } from "../../lib/queries/health";
import { ErrorState } from "./data-table";
import { formatMoney } from "./format";
import { BackupStatus } from "./backup-status";
import { List } from "./list-tab";
import { SALE_COLUMNS, saleKey } from "./sale-columns";
import type { AdminTabProps } from "./tab-props";

// The chart library loads with the chart, after the figures are on screen.
const RevenueChart = lazy(() => import("./revenue-chart"));

function Stat({ title, value, note, icon }: { title: string; value: ReactNode; note: ReactNode; icon: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardDescription className="font-medium text-foreground">{title}</CardDescription>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden>
          {icon}
        </span>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="text-xl font-semibold break-words tabular-nums sm:text-2xl">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

/** A note that is a link to the tab holding the rows it counts. */
function NoteLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className="cursor-pointer hover:text-foreground hover:underline" onClick={onClick}>
      {children}
    </button>
  );
}

type Overview = NonNullable<ReturnType<typeof useAdminOverview>["data"]>;

/** The six figures: money first, then the keys left to sell and the tickets waiting. */
function Figures({ data, onNavigate }: { data: Overview | undefined } & AdminTabProps) {
  return (
    <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      {!data ? (
        Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-32" />)
      ) : (
        <>
          <Stat
            title="Total Revenue"
            icon={<DollarSign />}
            value={formatMoney(data.totalRevenue)}
            note={`All time, from ${data.salesCount} paid ${data.salesCount === 1 ? "sale" : "sales"}; after refunds, open disputes and tax`}
          />
          <Stat
            title="Net Revenue"
            icon={<Wallet />}
            value={formatMoney(data.adminRevenue)}
            note="All time: revenue less every provider fee"
          />
          <Stat
            title="Refunds"
            icon={<Undo2 />}
            value={formatMoney(data.refunded)}
            note={`${data.refundCount} ${data.refundCount === 1 ? "sale" : "sales"} refunded in full or in part`}
          />
          <Stat
            title="Open Disputes"
            icon={<ShieldAlert />}
            value={formatMoney(data.disputed)}
            note={`${data.disputeCount} ${data.disputeCount === 1 ? "dispute" : "disputes"}; not counted in revenue`}
          />
          <Stat
            title="Product Keys"
            icon={<KeyRound />}
            value={data.productKeyCount}
            note={
              <NoteLink onClick={() => onNavigate("keys", { state: "unsold" })}>
                {data.availableKeyCount} available
              </NoteLink>
            }
          />
          <Stat
            title="Open Tickets"
            icon={<LifeBuoy />}
            value={data.openTicketCount}
            note={<NoteLink onClick={() => onNavigate("support")}>View support tickets</NoteLink>}
          />
        </>
      )}
    </section>
  );
}

/** The last five sales, with the way to all of them. */
function RecentSales({
  overview,
  data,
  onNavigate,
}: { overview: ReturnType<typeof useAdminOverview>; data: Overview | undefined } & AdminTabProps) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle level={2} className="text-lg">
            Recent Sales
          </CardTitle>
          <CardDescription>The 5 most recent sales.</CardDescription>
        </div>
        {data && data.recentSales.length > 0 && (
          <Button variant="outline" size="sm" onClick={() => onNavigate("sales")}>
            View all sales
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <List
          query={overview}
          rows={data?.recentSales}
          rowKey={saleKey}
          label="Recent sales"
          columns={SALE_COLUMNS}
          empty="No sales yet."
          loadingRows={3}
        />
      </CardContent>
    </Card>
  );
}

/**
 * The backup line, the figures, the recent sales, then the chart. What sits above "View all sales" shows in
 * one step, once both the figures and the backup status are in, and the chart (its own code and call, the
 * slowest to come) is below it: nothing moves under a pointer that is about to click.
 */
export function OverviewTab({ onNavigate }: AdminTabProps) {
  const overview = useAdminOverview();
  const backups = useHealthDetails();
  if (overview.isError) return <ErrorState message={overview.error.message} onRetry={() => overview.refetch()} />;
  const data = backups.isPending ? undefined : overview.data;
  return (
    <div className="grid gap-6">
      {data ? <BackupStatus /> : <Skeleton className="h-14" />}
      <Figures data={data} onNavigate={onNavigate} />
      <RecentSales overview={overview} data={data} onNavigate={onNavigate} />
      <Suspense fallback={<Skeleton className="h-80" />}>
        <RevenueChart />
      </Suspense>
    </div>
  );
}
