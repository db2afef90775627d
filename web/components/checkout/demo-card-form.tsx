import { useState, type FormEvent } from "react";
import { FlaskConical, Lock } from "lucide-react";
import { PendingButton } from "../ui/pending-button";
import { TextField } from "../ui/text-field";
import { failureText } from "../../lib/error-text";
import { ApiError } from "../../lib/api";
import { useConfirmDemoPayment } from "../../lib/queries/checkout";
import { useT } from "../../lib/language";
import { usePaymentRefusals } from "./refusals";

export interface PaymentFormProps {
  clientSecret: string;
  onPaid: (paymentIntentId: string) => void;
  /** `elsewhere`: not a failure, the buyer's payment goes on in another window. */
  onFailed: (message: string, elsewhere?: boolean) => void;
}

const SUCCESS_CARD = "4242 4242 4242 4242";
const DECLINE_CARD = "4000 0000 0000 0002";

/** Groups digits in fours as people type them. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Says plainly that nothing is charged, and which test cards pay or decline. */
function TestModeNote() {
  const t = useT();
  return (
    <div
      role="note"
      className="flex gap-3 rounded-lg border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100 light:bg-amber-50 light:text-amber-900"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-300 light:text-amber-700" aria-hidden />
      <div>
        <p className="font-semibold text-amber-200 light:text-amber-900">{t("checkout.demo.title")}</p>
        <p>{t("checkout.demo.cards", { success: SUCCESS_CARD, decline: DECLINE_CARD })}</p>
      </div>
    </div>
  );
}

/** The demo provider's card form: clearly a test, and nothing is charged. */
export function DemoCardForm({ clientSecret, onPaid, onFailed }: PaymentFormProps) {
  const [cardNumber, setCardNumber] = useState(SUCCESS_CARD);
  const [expiry, setExpiry] = useState("12 / 34");
  const [cvc, setCvc] = useState("123");
  const [numberError, setNumberError] = useState<string | null>(null);
  const confirm = useConfirmDemoPayment();
  const t = useT();
  const refusals = usePaymentRefusals();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm.mutate(
      { clientSecret, cardNumber },
      {
        onSuccess: (answer) => onPaid(answer.paymentIntentId),
        onError: (error) => {
          // An incomplete number is the field's problem: nothing was tried, the payment stays open.
          if (error instanceof ApiError && error.code === "INCOMPLETE_NUMBER")
            setNumberError(refusals.INCOMPLETE_NUMBER ?? error.message);
          else if (error instanceof ApiError && error.code === "PAYMENT_TAKEN_OVER")
            onFailed(refusals.PAYMENT_TAKEN_OVER ?? error.serverText, true);
          else
            onFailed(
              failureText(error, {
                fallback: t("checkout.failure.generic"),
                statusPrefix: t("checkout.failure.status"),
                codes: refusals,
              }),
            );
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" aria-label={t("checkout.demo.form")}>
      <TestModeNote />
      <TextField
        id="demo-card-number"
        label={t("checkout.card.number")}
        inputMode="numeric"
        autoComplete="off"
        value={cardNumber}
        error={numberError ?? undefined}
        onChange={(event) => {
          setCardNumber(formatCardNumber(event.target.value));
          setNumberError(null);
        }}
        placeholder={SUCCESS_CARD}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id="demo-card-expiry"
          label={t("checkout.card.expiry")}
          autoComplete="off"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
        />
        <TextField
          id="demo-card-cvc"
          label={t("checkout.card.cvc")}
          inputMode="numeric"
          autoComplete="off"
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, "").slice(0, 4))}
        />
      </div>
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={confirm.isPending}
        pendingText={t("checkout.card.processing")}
        icon={<Lock aria-hidden />}
      >
        {t("checkout.card.pay")}
      </PendingButton>
    </form>
  );
}
