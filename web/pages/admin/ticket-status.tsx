import { TICKET_STATUS_LABELS, type TicketStatus } from "@shared/support";
import { Badge } from "../../components/ui/badge";

const VARIANT = { open: "accent", waiting: "success", closed: "secondary" } as const;

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={VARIANT[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}
