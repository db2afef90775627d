import { useEffect, useState } from "react";
import type { PaymentIntentResponse } from "@shared/api-types";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { languageInfo } from "@shared/languages";
import { useMoney, useT, useWordsLanguage, type Translate } from "../../lib/language";
import { CardForm, FinePrint, PaymentFailedNotice, PromotionRefusedNotice } from "./checkout-parts";
import { TaxBreakdownTable } from "./tax-step";
import { BuyerForm, buyerDetails, consentNeeded, EMPTY_BUYER_FORM, type BuyerFormState } from "./buyer-form";
import { countryNamedIn } from "./buyer-form-state";
import { detailsKey, useOpenPayment } from "./use-open-payment";
import { seatsOf } from "./seats-field";
import { AddedSeatsSummary } from "./added-seats-summary";
import { DiscountAndTotal, QUOTE_ROW } from "./quote-lines";
import { toast } from "../../lib/use-toast";
import type { Checkout } from "./checkout-types";

export type { BuyerDetails, Checkout } from "./checkout-types";

/**
 * The quote shown until the server's own is in: the page's promotion price for one seat, or the plan's price times
 * the seats typed (a code's discount on several seats is the server's to work out).
 */
function expected(checkout: Checkout, withoutPromotion: boolean, seats: number): PaymentIntentResponse["quote"] | null {
  // Added seats are priced to the days left: only the server works that out.
  if (checkout.adding) return null;
  const promotion = checkout.promotion;
  const unitPrice = checkout.plan.price;
  if (seats !== 1) {
    const listPrice = Math.round(unitPrice * seats * 100) / 100;
    const quote = { discount: 0, promotionCode: null, subtotal: listPrice, tax: 0, total: listPrice };
    return { seats, unitPrice, listPrice, ...quote };
  }
  if (!promotion || withoutPromotion) return null;
  const listPrice = unitPrice;
  return {
    seats: 1,
    unitPrice,
    listPrice,
    discount: promotion.discount,
    promotionCode: promotion.code,
    subtotal: promotion.total,
    tax: 0,
    total: promotion.total,
  };
}

/**
 * The plan, the promotion code's line when there is one, and the total the card is charged; with tax, the total
 * is the breakdown's (under the billing details), so it is not said twice.
 */
function QuoteSummary({ checkout, quote }: { checkout: Checkout; quote: PaymentIntentResponse["quote"] | null }) {
  const money = useMoney();
  const taxed = checkout.asksLocation;
  if (checkout.adding) return <AddedSeatsSummary planName={checkout.plan.name} quote={quote} taxed={taxed} />;
  const row = QUOTE_ROW;
  const name = <PlanName name={checkout.plan.name} quote={quote} />;
  if (!quote?.promotionCode) {
    return (
      <span className={row}>
        {name}
        <span className="text-lg font-semibold text-foreground">
          {money(taxed ? (quote?.listPrice ?? checkout.plan.price) : (quote?.total ?? checkout.plan.price))}
        </span>
      </span>
    );
  }
  return (
    <span className="grid gap-1">
      <span className={row}>
        {name}
        <span className="text-foreground">{money(quote.listPrice)}</span>
      </span>
      <DiscountAndTotal quote={quote} taxed={taxed} />
    </span>
  );
}

/** The plan's name; with several seats, how many and what one costs under it. */
function PlanName({ name, quote }: { name: string; quote: PaymentIntentResponse["quote"] | null }) {
  const t = useT();
  const money = useMoney();
  if (!quote || quote.seats === 1) return <span className="font-medium text-foreground">{name}</span>;
  return (
    <span className="grid">
      <span className="font-medium text-foreground">
        {t("checkout.planTimesSeats", { plan: name, seats: t("checkout.seatCount", { count: quote.seats }) })}
      </span>
      <span className="text-xs text-muted-foreground">{t("checkout.perSeat", { price: money(quote.unitPrice) })}</span>
    </span>
  );
}

export interface CheckoutDialogProps {
  checkout: Checkout | null;
  publishableKey: string | null;
  onClose: () => void;
  /** The intent paid, and the client secret it was paid with (the result page shows this browser the key). */
  onPaid: (paymentIntentId: string, clientSecret: string) => void;
  /** The line under the form: what happens once paid. */
  note?: string;
  /** Where the card provider returns after a payment that needed a redirect (3-D Secure). */
  returnPath?: string;
  /** What the form starts from (a signed-in buyer's last details); empty when not given. */
  initialForm?: BuyerFormState;
}

/**
 * What the buyer has answered in the dialog: the form (a new checkout starts it afresh), the rules the checkout sets,
 * the details to send, and whether the buyer took the list price after the promotion code was refused.
 */
function useBuyerAnswers(
  checkout: Checkout | null,
  initialForm: BuyerFormState,
  payment: ReturnType<typeof useOpenPayment>,
) {
  // The last purchase's country, named as the page's list names it.
  const tag = languageInfo(useWordsLanguage()).tag;
  const [form, setForm] = useState<BuyerFormState>(() => countryNamedIn(initialForm, tag));
  // The buyer took the list price after the code was refused (a once-per-buyer code used before, say).
  const [withoutPromotion, setWithoutPromotion] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new checkout starts a blank form; the checkout is the trigger, not read
  useEffect(() => {
    setForm(countryNamedIn(initialForm, tag));
    setWithoutPromotion(false);
    // A new checkout starts from the initial form; the form changing later does not reset one under way.
  }, [checkout]);
  const rules = {
    asksLocation: checkout?.asksLocation ?? false,
    consentSetting: checkout?.consentSetting ?? "eu",
    asksSeats: checkout?.asksSeats ?? false,
    currentSeats: checkout?.adding?.current ?? checkout?.currentSeats,
    adding: checkout?.adding !== undefined,
  };
  const seats = (rules.asksSeats && seatsOf(form.seats)) || 1;
  const formDetails = buyerDetails(form, rules);
  const details = formDetails && withoutPromotion ? { ...formDetails, withoutPromotion: true } : formDetails;
  const promotionRefused = withoutPromotion ? null : (payment.promotionRefused ?? checkout?.promotionRefused ?? null);
  const listPrice = () => {
    setWithoutPromotion(true);
    payment.dismissFailure();
    // Nothing else to ask: go straight on to the card form at the list price.
    if (formDetails && !rules.asksLocation) void payment.request({ ...formDetails, withoutPromotion: true });
  };
  const consented = !consentNeeded(form, rules) || form.consent;
  return { form, setForm, withoutPromotion, rules, seats, details, promotionRefused, listPrice, consented };
}

/** The card form's outcomes, and closing the dialog, each also telling the open payment. */
function paymentEnds(
  payment: ReturnType<typeof useOpenPayment>,
  clientSecret: string,
  onPaid: CheckoutDialogProps["onPaid"],
  onClose: () => void,
  t: Translate,
) {
  return {
    paid(paymentIntentId: string) {
      payment.paid();
      onPaid(paymentIntentId, clientSecret);
    },
    /** The product's toast, and the same sentence kept in the dialog beside Try again. */
    failed(message: string, elsewhere = false) {
      payment.failed(message, elsewhere);
      // Taken over by another window is not a failed payment: said in the dialog only.
      if (!elsewhere) toast({ variant: "destructive", title: t("checkout.failedTitle"), description: message });
    },
    close() {
      payment.release();
      onClose();
    },
  };
}

/** The dialog's title, and the plan and price it is for (the description the dialog is read with). */
function CheckoutHeader({
  checkout,
  quote,
}: {
  checkout: Checkout | null;
  quote: PaymentIntentResponse["quote"] | null;
}) {
  const t = useT();
  return (
    <DialogHeader>
      <DialogTitle>{checkout?.adding ? t("checkout.titleAdding") : t("checkout.title")}</DialogTitle>
      <DialogDescription id="checkout-summary">
        {checkout && <QuoteSummary checkout={checkout} quote={quote} />}
      </DialogDescription>
    </DialogHeader>
  );
}

/** The billing form's button: work the total out (again), or keep the details and go on to the card. */
function submitLabelFor(t: Translate, asksLocation: boolean, hasPayment: boolean, seatsChanged: boolean): string {
  if (asksLocation) return hasPayment ? t("checkout.submit.updateTotal") : t("checkout.submit.showTotal");
  if (seatsChanged) return t("checkout.submit.updateTotal");
  return hasPayment ? t("checkout.submit.saveDetails") : t("checkout.submit.continue");
}

/** 'Complete Your Purchase': the chosen plan and price, what there is to ask (location, business, consent), the card form. */
export function CheckoutDialog({
  checkout,
  publishableKey,
  onClose,
  onPaid,
  note,
  returnPath = "/purchase/success",
  initialForm = EMPTY_BUYER_FORM,
}: CheckoutDialogProps) {
  const t = useT();
  const money = useMoney();
  const payment = useOpenPayment(checkout);
  const answers = useBuyerAnswers(checkout, initialForm, payment);
  const { form, setForm, withoutPromotion, rules, seats, details, promotionRefused, listPrice, consented } = answers;
  const intent = payment.current && payment.current.provider !== "free" ? payment.current : null;
  // The card form is for the details on show, and only once the consent asked for is given.
  const payable = intent !== null && details !== null && payment.currentKey === detailsKey(details) && consented;
  const { paid, failed, close } = paymentEnds(payment, intent?.clientSecret ?? "", onPaid, onClose, t);
  // A payment made for another seat count is priced again.
  const seatsChanged = intent !== null && rules.asksSeats && seatsOf(form.seats) !== intent.quote.seats;
  const submitLabel = submitLabelFor(t, rules.asksLocation, intent !== null, seatsChanged);
  return (
    <Dialog open={checkout !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent aria-describedby="checkout-summary" onInteractOutside={(event) => event.preventDefault()}>
        <CheckoutHeader
          checkout={checkout}
          quote={
            checkout &&
            (payable ? intent.quote : expected(checkout, withoutPromotion || promotionRefused !== null, seats))
          }
        />
        {checkout && (
          <BuyerForm
            rules={rules}
            state={form}
            onChange={(next) => {
              setForm(next);
              payment.dismissFailure();
            }}
            onSubmit={(wanted) => void payment.request(withoutPromotion ? { ...wanted, withoutPromotion } : wanted)}
            pending={payment.pending}
            error={promotionRefused ? null : payment.error}
            submitLabel={submitLabel}
            // After a failure, "Try again" is the one way on, until the buyer changes the form.
            // While the code is refused, the one way on is the list price (the form's button would be refused again).
            showSubmit={(rules.asksLocation || !payable) && !payment.failure && !promotionRefused}
          />
        )}
        {promotionRefused && checkout && (
          <PromotionRefusedNotice
            message={promotionRefused}
            listPrice={money(checkout.plan.price * seats)}
            pending={payment.pending}
            onListPrice={listPrice}
          />
        )}
        {payment.failure && (
          <PaymentFailedNotice
            failure={payment.failure}
            elsewhere={payment.elsewhere}
            pending={payment.pending}
            onRetry={() => void payment.retry()}
          />
        )}
        {payable && intent.breakdown.tax && <TaxBreakdownTable breakdown={intent.breakdown} />}
        {payable && (
          <CardForm
            intent={intent}
            publishableKey={publishableKey}
            returnPath={returnPath}
            onPaid={paid}
            onFailed={failed}
          />
        )}
        <FinePrint note={note ?? t("checkout.note")} />
      </DialogContent>
    </Dialog>
  );
}
