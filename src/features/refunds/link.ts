/**
 * The refund link in the product-key e-mail, for a buyer who never signed up: /refund?key=…. The
 * product key is the proof of purchase (12 characters from a CSPRNG, only ever sent to the buyer), so
 * the link needs no account. It works while the key is unused and the purchase is inside the refund
 * window; a key already on an account is refunded from that account's Purchases.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { buyerRefunds, productKeys, sales } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import { normaliseProductKey } from "@shared/product";
import { PLANS } from "@shared/plans";
import type { RefundLinkView } from "@shared/api/purchases";
import { refundDeadline, refundRefusal, refusal, refusalError } from "../purchases/refund-rules";
import { refundPurchase } from "./buyer-refund";

type LinkDeps = Pick<AppDeps, "db" | "clock" | "payments" | "config">;

const UNKNOWN = "This refund link doesn't match a purchase. Please open it again from your product-key e-mail.";

/** The link's key and its sale; a refund deletes an unused key, so a refunded sale is found by the key it kept. */
async function saleOfKey(deps: LinkDeps, rawKey: string) {
  const wanted = normaliseProductKey(rawKey);
  const [key] = await deps.db.select().from(productKeys).where(eq(productKeys.key, wanted)).limit(1);
  // A key made by hand was never bought: no purchase to refund.
  if (key && key.saleId === null) throw notFound(UNKNOWN);
  const [sale] = await deps.db
    .select()
    .from(sales)
    .where(key ? eq(sales.id, key.saleId!) : eq(sales.refundedKey, wanted))
    .limit(1);
  if (!sale) throw notFound(UNKNOWN);
  return { onAccount: key?.isUsed ?? false, sale };
}

export async function refundLinkView(deps: LinkDeps, rawKey: string): Promise<RefundLinkView> {
  const { onAccount, sale } = await saleOfKey(deps, rawKey);
  const [request] = await deps.db.select().from(buyerRefunds).where(eq(buyerRefunds.saleId, sale.id)).limit(1);
  const reason = onAccount
    ? refusal("ON_ACCOUNT")
    : refundRefusal(deps.config, sale, request ?? null, deps.clock.now());
  return {
    planName: PLANS[sale.plan].name,
    amount: sale.amountCents / 100,
    date: toIso(sale.createdAt)!,
    status: sale.status,
    available: reason === null,
    reason: reason?.message ?? null,
    reasonCode: reason?.code ?? null,
    refundWindowDays: deps.config.refundWindowDays,
    until: toIso(refundDeadline(deps.config, sale)),
    selfServiceRefunds: deps.config.selfServiceRefunds,
    onAccount,
  };
}

export async function refundByLink(deps: LinkDeps, rawKey: string) {
  const { onAccount, sale } = await saleOfKey(deps, rawKey);
  if (onAccount) throw refusalError(refusal("ON_ACCOUNT"));
  const outcome = await refundPurchase(deps, sale.id, null);
  return {
    outcome,
    message:
      outcome === "refunded"
        ? "Your purchase has been refunded. The money is back on your card in 5–10 days."
        : "Your refund request has been sent. We'll e-mail you when it has been decided.",
  };
}
