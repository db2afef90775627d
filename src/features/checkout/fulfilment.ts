/**
 * Fulfilment (docs/architecture.md#payments): the one idempotent function that turns a succeeded payment into a
 * sale, a product key and the key e-mail (its reverse, recording a refund, is refunds/record.ts).
 * Called from the payment result page and from the provider's webhook, any number of times,
 * concurrently: one sale, one key, one e-mail. Only the provider's word counts: the intent is always
 * retrieved from the provider.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { sales, users, type Checkout, type ProductKey, type Sale, type Subscription } from "../../db/schema";
import { pricedPlan } from "../pricing/catalogue";
import { checkoutOfIntent, markCheckoutPaid } from "./holds";
import { isPlanId, PLANS } from "@shared/plans";
import { generateProductKeys } from "../product-keys/service";
import { queueEmail } from "../email/outbox";
import { recordForAddress, recordRenewal } from "../ownership/service";
import { toIso } from "../../lib/clock";
import { applyProductKey } from "../subscriptions/service";
import { renewSeats } from "../seats/service";
import { CURRENCY } from "@shared/currency";
import { RENEWAL_ACCOUNT_METADATA, type ProviderIntent } from "../payments/provider";
import { log } from "../../lib/logger";
import { AppError } from "../../lib/errors";
import type { PaymentResultResponse } from "@shared/api/payments";
import { expectedChargeCents, saleTaxColumns, syncTaxRecords } from "../tax/service";
import { allocateNumber } from "../invoices/numbers";
import { documentLinks, signedDocumentUrl, type DocumentLinks } from "../invoices/links";
import { recordIssuedDocument, type IssuingDeps } from "../invoices/issued";
import { announceSale } from "../webhooks/events";
import { saleByPaymentIntent } from "../purchases/service";
import { fulfilAddedSeats } from "./added-seats-sale";

/** What fulfilment uses; config goes on the invoice and with jwtSecret signs its link, tax records the tax transaction. */
type FulfilmentDeps = Pick<AppDeps, "db" | "clock" | "payments" | "config"> &
  Partial<Pick<AppDeps, "jwtSecret" | "tax">>;

const PAYMENT_ERRORS = {
  notFound: "We couldn't find this payment. If you were charged, please contact support.",
  processing: "Your payment is still processing. Your product key will be e-mailed to you as soon as it completes.",
  notSucceeded: "This payment did not go through, so no product key was issued. Please try again.",
  notOurs: "This payment is not for a plan we sell. Please contact support.",
  mismatch: "The amount paid does not match the plan. Please contact support.",
  refunded: "This payment was refunded.",
} as const;

const success = (sale: Pick<Sale, "plan">): PaymentResultResponse => ({ success: true, plan: PLANS[sale.plan].name });
function failure(error: string): PaymentResultResponse {
  if (error === PAYMENT_ERRORS.processing) return { success: false, processing: true, error };
  if (error === PAYMENT_ERRORS.refunded) return { success: false, refunded: true, error };
  return { success: false, error };
}

/**
 * Why a retrieved intent can't be fulfilled, or null when it can. The amount must be the one fixed
 * into the payment when it was started (its checkout), whatever the catalogue says now. An intent
 * started before checkouts were recorded is held to the plan's current price.
 */
async function problemWith(
  deps: Pick<AppDeps, "db">,
  intent: ProviderIntent,
  checkout: Checkout | undefined,
): Promise<string | null> {
  if (intent.status === "processing") return PAYMENT_ERRORS.processing;
  if (intent.status !== "succeeded") return PAYMENT_ERRORS.notSucceeded;
  if (intent.amountRefunded > 0) return PAYMENT_ERRORS.refunded;
  const plan = intent.metadata.plan;
  if (!isPlanId(plan) || !intent.metadata.email || (checkout && checkout.plan !== plan)) return PAYMENT_ERRORS.notOurs;
  const expectedCents = checkout
    ? checkout.totalCents
    : expectedChargeCents((await pricedPlan(deps.db, plan)).priceCents, intent.metadata);
  if (intent.amountCents !== expectedCents || intent.currency.toLowerCase() !== CURRENCY) {
    log.error(
      { paymentIntentId: intent.id, paidCents: intent.amountCents, currency: intent.currency, plan, expectedCents },
      "payment does not match its price; not fulfilled",
    );
    return PAYMENT_ERRORS.mismatch;
  }
  return null;
}

/**
 * Fulfils a payment once. `refreshFee` (webhook) also fills in a fee the provider had not settled
 * when the sale was first recorded.
 */
export async function fulfilPayment(
  deps: FulfilmentDeps,
  paymentIntentId: string,
  options: { refreshFee?: boolean } = {},
): Promise<PaymentResultResponse> {
  return (await fulfil(deps, paymentIntentId, options)).answer;
}

/** fulfilPayment, also answering the sale and the intent when it had to be retrieved. */
export async function fulfil(
  deps: FulfilmentDeps,
  paymentIntentId: string,
  options: { refreshFee?: boolean } = {},
): Promise<{ answer: PaymentResultResponse; sale: Sale | null; intent: ProviderIntent | null }> {
  const result = await fulfilOnce(deps, paymentIntentId, options);
  await syncTaxRecords(deps);
  return result;
}

async function fulfilOnce(
  deps: FulfilmentDeps,
  paymentIntentId: string,
  options: { refreshFee?: boolean },
): Promise<{ answer: PaymentResultResponse; sale: Sale | null; intent: ProviderIntent | null }> {
  const existing = await saleByPaymentIntent(deps.db, paymentIntentId);
  if (existing?.status === "refunded")
    return { answer: failure(PAYMENT_ERRORS.refunded), sale: existing, intent: null };
  if (existing && !options.refreshFee) return { answer: success(existing), sale: existing, intent: null };

  const intent = await deps.payments.retrieveIntent(paymentIntentId);
  if (!intent) return { answer: failure(PAYMENT_ERRORS.notFound), sale: null, intent };
  const checkout = await checkoutOfIntent(deps.db, intent.id);
  const problem = await problemWith(deps, intent, checkout);
  if (problem) return { answer: failure(problem), sale: null, intent };

  const now = deps.clock.now();
  // Any number of calls may get here at once: the sale's unique payment intent lets one of them record it.
  const sale = await deps.db.transaction((tx) => recordSale(tx, deps, intent, checkout, now, documentLinks(deps)));
  const answer = sale.status === "refunded" ? failure(PAYMENT_ERRORS.refunded) : success(sale);
  return { answer, sale, intent };
}

/** What the buyer said at checkout (business details, consent), as the sale keeps it. */
function buyerColumns(metadata: Record<string, string>, checkout: Checkout | undefined) {
  return {
    companyName: checkout?.companyName ?? null,
    companyAddress: checkout?.companyAddress ?? null,
    // A tax ID given with tax off is not in the tax metadata; the checkout kept it.
    ...(metadata.taxId ? {} : { taxId: checkout?.taxId ?? null }),
    withdrawalConsentAt: checkout?.withdrawalConsentAt ?? null,
    withdrawalConsentVersion: checkout?.withdrawalConsentVersion ?? null,
    language: checkout?.language ?? "en",
  };
}

/**
 * Records a succeeded payment once, inside the caller's transaction: the sale (with the code and the
 * discount fixed into its checkout), its key, the renewal or the key e-mail. A sale already recorded
 * for the intent is answered as it is (its fee filled in if it was not settled before).
 */
export async function recordSale(
  tx: DbOrTx,
  /** What the invoice says beyond the sale (the seller, the payment method, the tax note). */
  issuing: IssuingDeps,
  intent: ProviderIntent,
  checkout: Checkout | undefined,
  now: number,
  /** To sign the invoice link the e-mail carries. */
  links?: DocumentLinks,
): Promise<Sale> {
  const plan = PLANS[intent.metadata.plan as keyof typeof PLANS];
  const email = intent.metadata.email;
  const [inserted] = await tx
    .insert(sales)
    .values({
      paymentIntentId: intent.id,
      email,
      plan: plan.id,
      amountCents: intent.amountCents,
      feeCents: intent.feeCents ?? 0,
      currency: intent.currency.toLowerCase(),
      status: "paid",
      promotionCode: checkout?.promotionCode ?? null,
      discountCents: checkout?.discountCents ?? 0,
      seats: checkout?.seats ?? 1,
      kind: checkout?.kind ?? "purchase",
      // Added seats are the signed-in account's, named by the server in the checkout.
      renewalUserId: checkout?.kind === "added-seats" ? checkout.accountId : null,
      ...saleTaxColumns(intent.metadata),
      ...buyerColumns(intent.metadata, checkout),
      createdAt: now,
    })
    .onConflictDoNothing({ target: sales.paymentIntentId })
    .returning();
  if (!inserted) {
    // Already fulfilled (by a concurrent call or an earlier one) or refunded: nothing new to make.
    const sold = (await saleByPaymentIntent(tx, intent.id))!;
    if (sold.status === "paid" && sold.feeCents === 0 && intent.feeCents)
      await tx.update(sales).set({ feeCents: intent.feeCents }).where(eq(sales.id, sold.id));
    return sold;
  }
  if (inserted.kind === "added-seats") return fulfilAddedSeats(tx, issuing, inserted, now, links);
  // The payment is honoured, even past its hold: the promotion use it reserved is kept for good.
  await markCheckoutPaid(tx, intent.id);
  const [key] = await generateProductKeys(tx, now, {
    plan: plan.id,
    count: 1,
    source: "purchase",
    saleId: inserted.id,
    seats: inserted.seats,
  });
  const renewed = await applyRenewal(tx, intent, key, now);
  // Numbered only once the sale is surely new, in this transaction: no number is ever skipped or given twice.
  const invoiceNumber = await allocateNumber(tx, "invoice", now);
  const [fulfilled] = await tx
    .update(sales)
    .set({ productKeyId: key.id, renewalUserId: renewed?.userId ?? null, invoiceNumber })
    .where(eq(sales.id, inserted.id))
    .returning();
  await recordIssuedDocument(tx, issuing, fulfilled, null, now);
  await announceSale(tx, fulfilled, now);
  // Whose the sale is, once: the account that renewed, else the account whose confirmed address paid.
  const record = { kind: "sale" as const, id: inserted.id };
  if (renewed) await recordRenewal(tx, inserted.id, renewed.userId, now);
  else await recordForAddress(tx, record, email, now);
  await queueSaleEmail(tx, fulfilled, key.key, renewed, links, now);
  return fulfilled;
}

/**
 * A renewal paid from the dashboard: the new key is applied to the account named in the intent's
 * metadata (put there by the server for the signed-in user), in the fulfilment's own transaction.
 * When it can't be (the account is gone, or got lifetime access meanwhile) the key stays unused and
 * is e-mailed like any purchase, so nothing paid for is lost.
 */
async function applyRenewal(
  tx: DbOrTx,
  intent: ProviderIntent,
  key: ProductKey,
  now: number,
): Promise<Subscription | null> {
  const userId = Number(intent.metadata[RENEWAL_ACCOUNT_METADATA]);
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  try {
    // The rules of redeem decide; one that refuses (lifetime access already) does so before writing anything.
    if (account) {
      const renewed = await applyProductKey(tx, userId, key.key, now);
      // The renewal's seat count is the account's from now on, fewer as well as more.
      await renewSeats(tx, userId, key.seats, now);
      return renewed;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  log.warn({ paymentIntentId: intent.id, userId }, "renewal could not be applied; its key is e-mailed instead");
  return null;
}

/** The sale's e-mail: the renewal receipt for a renewal, else the product key; each with its invoice link. */
async function queueSaleEmail(
  tx: DbOrTx,
  fulfilled: Sale,
  key: string,
  renewed: Awaited<ReturnType<typeof applyRenewal>>,
  links: DocumentLinks | undefined,
  now: number,
) {
  const plan = PLANS[fulfilled.plan];
  const invoiceNumber = fulfilled.invoiceNumber!;
  const invoice = links ? { invoiceUrl: signedDocumentUrl(links.appUrl, links.secret, invoiceNumber) } : {};
  const consent =
    fulfilled.withdrawalConsentAt !== null
      ? {
          withdrawalConsentAt: new Date(fulfilled.withdrawalConsentAt).toISOString(),
          withdrawalConsentVersion: fulfilled.withdrawalConsentVersion ?? undefined,
        }
      : {};
  if (renewed) {
    await queueEmail(
      tx,
      {
        to: fulfilled.email,
        saleId: fulfilled.id,
        template: "renewal-receipt",
        payload: {
          key,
          planName: plan.name,
          seats: fulfilled.seats,
          endDate: toIso(renewed.endDate),
          amountCents: fulfilled.amountCents,
          currency: fulfilled.currency,
          language: fulfilled.language,
          ...invoice,
          ...consent,
        },
      },
      now,
    );
  } else {
    await queueEmail(
      tx,
      {
        to: fulfilled.email,
        saleId: fulfilled.id,
        template: "product-key",
        payload: {
          key,
          plan: plan.id,
          planName: plan.name,
          seats: fulfilled.seats,
          signupEmail: fulfilled.email,
          language: fulfilled.language,
          ...invoice,
          ...consent,
        },
      },
      now,
    );
  }
}
