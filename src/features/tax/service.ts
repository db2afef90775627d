/**
 * Tax at checkout and in the books. With TAX=off nothing here changes a price. Otherwise the buyer's billing
 * country (and postal code, and business tax ID) go to the tax provider with the amount to pay; the card is
 * charged the calculation's total, and what was calculated travels in the intent's metadata (written by the
 * server only) to fulfilment, which copies it onto the sale.
 */
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { creditNotes, sales } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import { countryName, isCountryCode, POSTAL_CODE_COUNTRIES } from "@shared/countries";
import type { TaxBreakdown } from "@shared/api/tax";
import { taxLabel } from "@shared/tax-label";
import { locationRejected, TaxLocationError, taxUnavailable, type TaxProvider } from "./provider";
import { inferTaxId } from "@shared/tax-ids";
import { oneInstanceAtATime } from "../../db/job-lock";
import { startJob } from "../../lib/jobs";

export interface BuyerLocation {
  country?: string;
  postalCode?: string;
  taxId?: string;
}

/** The price of one line for one buyer: what to charge, the breakdown to show, the metadata to carry. */
export interface PricedWithTax {
  totalCents: number;
  breakdown: TaxBreakdown;
  metadata: Record<string, string>;
}

const invalid = (code: string, message: string) => new AppError(422, code, message);

export async function priceWithTax(
  deps: Pick<AppDeps, "config" | "tax">,
  input: { amountCents: number; currency: string; reference: string; location: BuyerLocation },
): Promise<PricedWithTax> {
  const behavior = deps.config.tax.behavior;
  const untaxed: TaxBreakdown = {
    currency: input.currency,
    subtotalCents: input.amountCents,
    taxCents: 0,
    totalCents: input.amountCents,
    behavior,
    tax: null,
  };
  if (!deps.tax) return { totalCents: input.amountCents, breakdown: untaxed, metadata: {} };

  const country = input.location.country?.trim().toUpperCase();
  if (!country) throw invalid("COUNTRY_REQUIRED", "Please choose your billing country: the tax depends on it.");
  if (!isCountryCode(country))
    throw invalid(
      "COUNTRY_UNKNOWN",
      `"${input.location.country}" is not a country we know; please choose one from the list.`,
    );
  const postalCode = input.location.postalCode?.trim().toUpperCase() || null;
  if (!postalCode && POSTAL_CODE_COUNTRIES.includes(country)) {
    throw invalid(
      "POSTAL_CODE_REQUIRED",
      `Please enter your postal code: tax in ${countryName(country)} depends on it.`,
    );
  }
  let taxId: { type: string; value: string } | null = null;
  if (input.location.taxId?.trim()) {
    const checked = inferTaxId(country, input.location.taxId);
    if (!checked.ok) throw invalid("TAX_ID_INVALID", checked.message);
    taxId = { type: checked.type, value: checked.value };
  }

  const quote = await calculate(deps.tax, {
    amountCents: input.amountCents,
    currency: input.currency,
    behavior,
    taxCode: deps.config.tax.stripeTaxCode,
    reference: input.reference,
    country,
    postalCode,
    taxId,
  });
  const subtotalCents = behavior === "exclusive" ? quote.totalCents - quote.taxCents : quote.totalCents;
  const tax = {
    name: quote.name,
    ratePercent: String(Number(quote.ratePercent)),
    country: quote.country,
    reason: quote.reason,
  };
  return {
    totalCents: quote.totalCents,
    breakdown: {
      currency: input.currency,
      subtotalCents,
      taxCents: quote.taxCents,
      totalCents: quote.totalCents,
      behavior,
      tax: {
        ...tax,
        countryName: countryName(tax.country),
        label: taxLabel({ ...tax, taxCents: quote.taxCents }),
        demo: deps.tax.name === "demo",
      },
    },
    metadata: {
      taxCalculation: quote.calculationId,
      taxBehavior: behavior,
      taxCents: String(quote.taxCents),
      linePriceCents: String(input.amountCents),
      taxRate: quote.ratePercent,
      taxName: quote.name,
      taxCountry: quote.country,
      taxReason: quote.reason,
      country,
      ...(postalCode ? { postalCode } : {}),
      ...(taxId ? { taxId: taxId.value, taxIdType: taxId.type } : {}),
    },
  };
}

async function calculate(provider: TaxProvider, request: Parameters<TaxProvider["calculate"]>[0]) {
  try {
    return await provider.calculate(request);
  } catch (error) {
    if (error instanceof TaxLocationError) {
      throw locationRejected(
        `We couldn't work out the tax for this billing address (${error.message.replace(/\.$/, "")}). Please check the country and postal code.`,
      );
    }
    if (error instanceof AppError) throw error;
    throw taxUnavailable(error);
  }
}

/**
 * What the card must have been charged for a line of `linePriceCents`, given the intent's tax metadata:
 * the line price itself with no tax or inclusive tax, plus the tax when it is exclusive.
 */
export function expectedChargeCents(linePriceCents: number, metadata: Record<string, string>): number {
  if (!metadata.taxCalculation) return linePriceCents;
  if (Number(metadata.linePriceCents) !== linePriceCents) return Number.NaN;
  return metadata.taxBehavior === "exclusive" ? linePriceCents + Number(metadata.taxCents) : linePriceCents;
}

/** The sale's tax columns from the intent's metadata (all null/0 with tax off). */
export function saleTaxColumns(metadata: Record<string, string>) {
  return {
    country: metadata.country ?? null,
    postalCode: metadata.postalCode ?? null,
    taxId: metadata.taxId ?? null,
    taxIdType: metadata.taxIdType ?? null,
    taxCents: metadata.taxCalculation ? Number(metadata.taxCents) || 0 : 0,
    taxRate: metadata.taxRate ?? null,
    taxName: metadata.taxName ?? null,
    taxCountry: metadata.taxCountry ?? null,
    taxReason: metadata.taxReason ?? null,
    taxCalculationId: metadata.taxCalculation ?? null,
  };
}

type SyncDeps = Pick<AppDeps, "db"> & { tax?: TaxProvider | null };

/**
 * Records with the tax provider what the database says happened and the provider doesn't know yet: a paid
 * sale's tax transaction (referenced by its invoice number) and each credit note's reversal (referenced by its
 * own number). Runs after every fulfilment and refund, outside their transactions; a failure is logged and
 * retried by the next run, and the provider's idempotency keys make a repeat harmless.
 */
export async function syncTaxRecords(deps: SyncDeps): Promise<void> {
  const provider = deps.tax;
  if (!provider) return;
  const unrecorded = await deps.db
    .select()
    .from(sales)
    .where(and(isNotNull(sales.taxCalculationId), isNull(sales.taxTransactionId), isNotNull(sales.invoiceNumber)))
    .orderBy(asc(sales.id))
    .limit(50);
  for (const sale of unrecorded) {
    try {
      const id = await provider.recordTransaction({
        calculationId: sale.taxCalculationId!,
        reference: sale.invoiceNumber!,
      });
      await deps.db.update(sales).set({ taxTransactionId: id }).where(eq(sales.id, sale.id));
    } catch (error) {
      log.error(
        { saleId: sale.id, reason: error instanceof Error ? error.message : String(error) },
        "tax transaction not recorded yet; will retry",
      );
    }
  }
  const unreversed = await deps.db
    .select({ note: creditNotes, sale: sales })
    .from(creditNotes)
    .innerJoin(sales, eq(sales.id, creditNotes.saleId))
    .where(and(isNull(creditNotes.taxReversalId), isNotNull(sales.taxTransactionId)))
    .orderBy(asc(creditNotes.id))
    .limit(50);
  for (const { note, sale } of unreversed) {
    try {
      const whole = note.amountCents >= sale.amountCents;
      const id = await provider.reverse({
        transactionId: sale.taxTransactionId!,
        reference: note.number,
        flatAmountCents: whole ? null : note.amountCents,
      });
      await deps.db.update(creditNotes).set({ taxReversalId: id }).where(eq(creditNotes.id, note.id));
    } catch (error) {
      log.error(
        { creditNote: note.number, reason: error instanceof Error ? error.message : String(error) },
        "tax reversal not recorded yet; will retry",
      );
    }
  }
}

/** Retries what syncTaxRecords could not record (Stripe Tax was down) every few minutes while the server runs. */
export function startTaxSync(deps: SyncDeps & Pick<AppDeps, "clock">, intervalMs = 5 * 60_000) {
  if (!deps.tax) return { stop: async () => {} };
  return startJob({
    name: "tax records",
    clock: deps.clock,
    everyMs: intervalMs,
    startNow: false,
    // One instance at a time: another would record the same transaction, which Stripe refuses as a duplicate.
    alone: oneInstanceAtATime(deps.db, "tax-sync"),
    round: () => syncTaxRecords(deps),
  });
}
