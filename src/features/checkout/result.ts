/**
 * The payment result page's answer. Anyone with the intent's id sees whether it paid; the browser
 * that paid also holds the intent's client secret (Stripe puts it in the return URL), and showing it
 * adds the product key and the address it was e-mailed to, so the buyer can start at once.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { productKeys } from "../../db/schema";
import type { PaymentResultResponse } from "@shared/api/payments";
import { fulfil } from "./fulfilment";
import { checkoutOfIntent } from "./holds";
import { centsToDollars } from "@shared/plans";
import { signedDocumentPath } from "../invoices/links";
import { sameSecret } from "../../lib/signed";

export async function paymentResult(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config"> & Partial<Pick<AppDeps, "jwtSecret">>,
  paymentIntentId: string,
  clientSecret: string | undefined,
): Promise<PaymentResultResponse> {
  const { answer, sale, intent } = await fulfil(deps, paymentIntentId);
  if (!answer.success || !clientSecret || !sale || sale.status !== "paid" || sale.productKeyId === null) return answer;
  // A free order keeps its own secret; any other payment's is the provider's.
  const secret =
    (await checkoutOfIntent(deps.db, paymentIntentId))?.clientSecret ??
    (intent ?? (await deps.payments.retrieveIntent(paymentIntentId)))?.clientSecret;
  if (!secret || !sameSecret(secret, clientSecret)) return answer;
  const [key] = await deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId)).limit(1);
  if (!key) return answer;
  return {
    ...answer,
    productKey: key.key,
    seats: sale.seats,
    email: sale.email,
    amountPaid: centsToDollars(sale.amountCents),
    ...(sale.invoiceNumber && deps.jwtSecret
      ? { invoiceUrl: signedDocumentPath(deps.jwtSecret, sale.invoiceNumber) }
      : {}),
  };
}
