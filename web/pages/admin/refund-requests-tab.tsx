import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { failureToast } from "../../lib/failure-toast";
import { useDecideRefundRequest, useRefundRequests } from "../../lib/queries/purchases";
import { toast } from "../../lib/use-toast";
import { PLANS } from "@shared/plans";
import type { RefundRequestView } from "@shared/api/purchases";
import { dateColumn, type Column } from "./data-table";
import { EmailAddress } from "./email-address";
import { capitalise } from "./format";
import { ListTab } from "./list-tab";

const BADGE: Record<RefundRequestView["status"], "accent" | "success" | "secondary" | "destructive"> = {
  pending: "accent",
  processing: "accent",
  refunded: "success",
  declined: "secondary",
  failed: "destructive",
};

function Decide({ request }: { request: RefundRequestView }) {
  const decide = useDecideRefundRequest();
  if (request.status !== "pending") return null;
  // mutateAsync: the decided row loses these buttons before mutate's own callbacks would run.
  const run = (approve: boolean, close: () => void) =>
    decide
      .mutateAsync({ id: request.id, approve })
      .then(
        () =>
          toast({
            title: approve ? "Refund approved" : "Refund declined",
            description: "The buyer has been e-mailed.",
          }),
        (error) => {
          failureToast(approve ? "Refund failed" : "Decline failed", {
            fallback: "Could not decide the request",
            statusPrefix: "Failed.",
          })(error);
        },
      )
      .finally(close);
  const amount = `$${request.amount.toFixed(2)}`;
  return (
    <div className="flex gap-2">
      <ConfirmDialog
        trigger={
          <Button size="sm" aria-label={`Approve refund for ${request.email}`}>
            Approve
          </Button>
        }
        title="Approve this refund?"
        description={`${amount} goes back to ${request.email}'s card now, the time the key added is taken back, and the buyer is e-mailed.`}
        confirmLabel="Approve and Refund"
        pending={decide.isPending}
        onConfirm={(close) => run(true, close)}
      />
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" aria-label={`Decline refund for ${request.email}`}>
            Decline
          </Button>
        }
        title="Decline this refund?"
        description={`The purchase stays as it is, and ${request.email} is e-mailed that the request was declined.`}
        confirmLabel="Decline Request"
        destructive
        pending={decide.isPending}
        onConfirm={(close) => run(false, close)}
      />
    </div>
  );
}

const COLUMNS: Column<RefundRequestView>[] = [
  dateColumn("Asked", (request) => request.createdAt),
  { name: "Buyer", cell: (request) => <EmailAddress email={request.email} /> },
  {
    name: "Purchase",
    cell: (request) => `${PLANS[request.plan].name}, $${request.amount.toFixed(2)} (#${request.saleId})`,
  },
  dateColumn("Bought", (request) => request.purchasedAt),
  { name: "Status", cell: (request) => <Badge variant={BADGE[request.status]}>{capitalise(request.status)}</Badge> },
  { name: "Actions", className: "justify-end", cell: (request) => <Decide request={request} /> },
];

export function RefundRequestsTab() {
  const requests = useRefundRequests();
  return (
    <ListTab
      id="refund-requests"
      title="Refund Requests"
      description="Refunds buyers asked for under the guarantee, waiting ones first. Approving refunds through the card provider at once."
      query={requests}
      rows={requests.data}
      rowKey={(request) => request.id}
      label="Refund requests"
      columns={COLUMNS}
      empty="No refund requests."
    />
  );
}
