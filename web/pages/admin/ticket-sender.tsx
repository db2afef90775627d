/**
 * Beside a ticket: what we know of its sender by the ticket's address (the account and its subscription,
 * the keys, the purchases), and what an admin does from there: refund a purchase (the sales list's own
 * dialog) and e-mail the keys again.
 */
import type { ReactNode } from "react";
import { Mail } from "lucide-react";
import type { TicketSenderView } from "@shared/api-types";
import { PLANS } from "@shared/plans";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { PendingButton } from "../../components/ui/pending-button";
import { failureToast } from "../../lib/failure-toast";
import { useResendTicketKeys } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import { EmailAddress } from "./email-address";
import { formatDateTime, formatMoney } from "./format";
import { RefundDialog } from "./refund-dialog";
import { SubscriptionSummary } from "./users-tab";

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-2" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start justify-between gap-3 text-sm">
      <dt className="shrink-0 text-muted-foreground">{name}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </div>
  );
}

function ResendKeysButton({ ticketId, email }: { ticketId: number; email: string }) {
  const resend = useResendTicketKeys(ticketId);
  return (
    <PendingButton
      size="sm"
      variant="outline"
      pending={resend.isPending}
      pendingText="Sending…"
      icon={<Mail aria-hidden />}
      aria-label={`Resend keys to ${email}`}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: ({ message }) => toast({ title: "Keys sent", description: message }),
          onError: failureToast("Keys Not Sent", {
            fallback: "Could not send the keys",
            statusPrefix: "Sending failed.",
          }),
        })
      }
    >
      Resend keys
    </PendingButton>
  );
}

function AccountFacts({ account }: { account: TicketSenderView["account"] }) {
  if (!account) return <p className="text-sm text-muted-foreground">No account with this address.</p>;
  return (
    <dl className="grid gap-1.5">
      <Fact name="Member since">{formatDateTime(account.createdAt)}</Fact>
      <Fact name="Last seen">{formatDateTime(account.lastSeenAt)}</Fact>
      <Fact name="Subscription">
        <SubscriptionSummary subscription={account.subscription} />
      </Fact>
      <Fact name="Plugin key">{account.hasFigmaKey ? "Generated" : "Not generated yet"}</Fact>
      <Fact name="Seats">{account.seats}</Fact>
      <Fact name="Roblox account">{account.linkedRobloxAccountId ?? "Not linked"}</Fact>
      {account.isAdmin && (
        <Fact name="Role">
          <Badge variant="accent">Admin</Badge>
        </Fact>
      )}
    </dl>
  );
}

function KeyList({ keys }: { keys: TicketSenderView["keys"] }) {
  if (!keys.length) return <p className="text-sm text-muted-foreground">No keys.</p>;
  return (
    <ul className="grid gap-2.5 text-sm">
      {keys.map((key) => (
        <li key={key._id} className="grid gap-0.5">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono">{key.key}</span>
            <Badge variant={key.isUsed ? "success" : "outline"}>{key.isUsed ? "Redeemed" : "Not redeemed"}</Badge>
          </span>
          <span className="text-xs text-muted-foreground">{PLANS[key.plan].name}</span>
        </li>
      ))}
    </ul>
  );
}

type Purchase = TicketSenderView["purchases"][number];

function SaleStatus({ sale }: { sale: Purchase }) {
  if (sale.status === "refunded") return <Badge variant="destructive">Refunded</Badge>;
  if (sale.status === "disputed") return <Badge variant="destructive">Disputed</Badge>;
  if (sale.status !== "paid") return null;
  if (sale.refunded > 0) return <Badge variant="secondary">{formatMoney(sale.refunded)} refunded</Badge>;
  return <Badge variant="success">Paid</Badge>;
}

/** One purchase: plan, amount, date, invoice, the address it was bought with if another, its state and a refund. */
function PurchaseItem({ sale, email }: { sale: Purchase; email: string }) {
  return (
    <li className="grid gap-1.5 rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{PLANS[sale.plan].name}</span>
        <span className="tabular-nums">{formatMoney(sale.amount)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span>{formatDateTime(sale.createdAt)}</span>
        {sale.invoiceNumber &&
          (sale.invoiceUrl ? (
            <a
              className="text-brand underline-offset-4 hover:underline"
              href={sale.invoiceUrl}
              target="_blank"
              rel="noreferrer"
            >
              {sale.invoiceNumber}
            </a>
          ) : (
            <span>{sale.invoiceNumber}</span>
          ))}
        {sale.email !== email && <span>bought with {sale.email}</span>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <SaleStatus sale={sale} />
        </span>
        {sale.status === "paid" && sale.refunded < sale.amount && <RefundDialog sale={sale} />}
      </div>
    </li>
  );
}

export function TicketSender({
  ticketId,
  email,
  sender,
}: {
  ticketId: number;
  email: string;
  sender: TicketSenderView;
}) {
  const { account, keys, purchases } = sender;
  return (
    <Card>
      <CardHeader className="gap-1 p-4 sm:p-6">
        <CardTitle level={2} className="text-lg">
          Sender
        </CardTitle>
        <p className="text-sm break-words text-muted-foreground">
          <EmailAddress email={email} />
        </p>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <Section title="Account">
          <AccountFacts account={account} />
        </Section>
        <Section title="Keys" action={keys.length > 0 && <ResendKeysButton ticketId={ticketId} email={email} />}>
          <KeyList keys={keys} />
        </Section>
        <Section title="Purchases">
          {purchases.length ? (
            <ul className="grid gap-3">
              {purchases.map((sale) => (
                <PurchaseItem key={sale._id} sale={sale} email={email} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No purchases with this address or account.</p>
          )}
        </Section>
      </CardContent>
    </Card>
  );
}
