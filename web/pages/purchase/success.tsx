import { DEFAULT_LANGUAGE } from "@shared/languages";
import type { ReactNode } from "react";
import { Link, useSearch } from "wouter";
import {
  AlertCircle,
  BookOpen,
  Check,
  CheckCircle2,
  Clock,
  Copy,
  FileText,
  Home,
  KeyRound,
  LifeBuoy,
  Mail,
  RotateCcw,
  Undo2,
  UserPlus,
} from "lucide-react";
import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { GUIDE_PATH } from "@shared/routes";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { usePaymentResult } from "../../lib/queries/checkout";
import { useHydrated } from "../../lib/use-hydrated";
import { useCopy } from "../../lib/clipboard";
import { toast } from "../../lib/use-toast";
import { LostKeyDialog } from "../../components/lost-key-dialog";
import { richMessage, useMoney, useT, useWordsLanguage } from "../../lib/language";

function LoadingView() {
  const t = useT();
  return (
    <Card aria-busy="true" aria-labelledby="verifying-payment">
      <CardHeader className="items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <h1 id="verifying-payment" className="text-xl font-medium text-muted-foreground">
          {t("paymentResult.verifying")}
        </h1>
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-20 w-full" />
      </CardContent>
    </Card>
  );
}

function Tip({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-lg border border-border bg-secondary/40 p-4">
      <span className="mt-0.5 text-brand [&_svg]:size-5" aria-hidden>
        {icon}
      </span>
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

/** The page's one card: a big icon and title, what happened, and where to go next. */
function ResultCard({
  icon,
  title,
  summary,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  summary: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="items-center gap-3 text-center">
        {icon}
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {summary}
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
      <CardFooter className="flex-col gap-3 sm:flex-row sm:justify-center">{actions}</CardFooter>
    </Card>
  );
}

function NextStep({
  href,
  icon,
  outline = false,
  children,
}: {
  href: string;
  icon: ReactNode;
  outline?: boolean;
  children: ReactNode;
}) {
  return (
    <Button asChild size="lg" variant={outline ? "outline" : "default"} className="w-full sm:w-auto">
      <Link href={href}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}

/** The key itself, for the browser that paid: copy it, or go straight to sign-up with it filled in. */
function KeyPanel({ productKey, email, seats }: { productKey: string; email: string; seats: number }) {
  const t = useT();
  const { copied, copy } = useCopy();
  async function onCopy() {
    if (!(await copy(productKey)))
      toast({
        variant: "destructive",
        title: t("paymentResult.copyFailedTitle"),
        description: t("paymentResult.copyFailed"),
      });
  }
  const signup = `/signup?${new URLSearchParams({ key: productKey, email })}`;
  return (
    <section aria-labelledby="your-key" className="mb-6 grid gap-3 rounded-lg border border-brand/40 bg-accent/40 p-4">
      <h2 id="your-key" className="font-medium">
        {t("paymentResult.yourKey")}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        {/* Never broken inside the key: on a narrow screen the Copy button goes under it instead. */}
        <code
          className="flex-1 rounded-md border border-border bg-background px-3 py-2 text-center font-mono text-xl font-semibold tracking-[0.12em] whitespace-nowrap sm:tracking-[0.2em]"
          data-testid="product-key"
        >
          {productKey}
        </code>
        <Button
          variant="outline"
          onClick={onCopy}
          aria-label={copied ? t("paymentResult.copied") : t("paymentResult.copyKey")}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}{" "}
          {copied ? t("paymentResult.copied") : t("paymentResult.copy")}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {richMessage(t("paymentResult.alsoEmailed", { email }), [
          (text) => <span className="font-medium text-foreground">{text}</span>,
        ])}
      </p>
      {seats > 1 && <p className="text-sm text-muted-foreground">{t("paymentResult.allSeats", { seats })}</p>}
      <Button asChild size="lg" className="w-full">
        <Link href={signup}>
          <UserPlus aria-hidden />
          {t("paymentResult.createAccount")}
        </Link>
      </Button>
    </section>
  );
}

/** What to do with the key: keep it, set the plugin up, and where help is. */
function SuccessTips() {
  const t = useT();
  return (
    <ul className="grid gap-3">
      <Tip icon={<KeyRound />} title={t("paymentResult.saveTitle")}>
        {t("paymentResult.saveText")}
      </Tip>
      <Tip icon={<BookOpen />} title={t("paymentResult.setupTitle")}>
        {t("paymentResult.setupText")}
      </Tip>
      <Tip icon={<LifeBuoy />} title={t("paymentResult.helpTitle")}>
        {t("paymentResult.helpText", { hours: SUPPORT_RESPONSE_HOURS })}
      </Tip>
    </ul>
  );
}

function SuccessView({
  plan,
  productKey,
  email,
  amountPaid,
  invoiceUrl,
  seats = 1,
}: {
  plan: string;
  seats?: number;
  productKey?: string;
  email?: string;
  amountPaid?: number;
  invoiceUrl?: string;
}) {
  const t = useT();
  const money = useMoney();
  return (
    <ResultCard
      icon={<CheckCircle2 className="size-14 text-success" aria-hidden />}
      title={t("paymentResult.successTitle")}
      summary={
        <>
          <p className="text-lg font-medium text-brand">
            {seats === 1
              ? plan
              : t("checkout.planTimesSeats", { plan, seats: t("checkout.seatCount", { count: seats }) })}
          </p>
          {amountPaid !== undefined && (
            <p className="text-muted-foreground">
              {richMessage(t("paymentResult.amountPaid", { amount: money(amountPaid) }), [
                (text) => <span className="font-semibold text-foreground tabular-nums">{text}</span>,
              ])}
            </p>
          )}
          {invoiceUrl && (
            <p>
              <a
                href={invoiceUrl}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-2 rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                <FileText className="size-4 shrink-0" aria-hidden />
                {t("paymentResult.invoice")}
              </a>
            </p>
          )}
          <p className="flex items-center gap-2 text-muted-foreground">
            <Mail className="size-4 shrink-0" aria-hidden />
            {t("paymentResult.keySent")}
          </p>
        </>
      }
      actions={
        <>
          <NextStep href={GUIDE_PATH} icon={<BookOpen aria-hidden />}>
            {t("paymentResult.guide")}
          </NextStep>
          <NextStep href="/support" icon={<LifeBuoy aria-hidden />} outline>
            {t("paymentResult.support")}
          </NextStep>
        </>
      }
    >
      {productKey && email && <KeyPanel productKey={productKey} email={email} seats={seats} />}
      <SuccessTips />
      <p className="mt-4 text-center text-sm text-muted-foreground">
        <LostKeyDialog initialEmail={email} />
      </p>
    </ResultCard>
  );
}

interface Step {
  href: string;
  icon: ReactNode;
  label: string;
  outline?: boolean;
}

/** A result that is one sentence and two ways on: a payment still processing, a refunded one, or an error. */
function SentenceResult({
  icon,
  title,
  role,
  steps,
  children,
}: {
  icon: ReactNode;
  title: string;
  role: "status" | "alert";
  steps: Step[];
  children: ReactNode;
}) {
  return (
    <ResultCard
      icon={icon}
      title={title}
      summary={
        <p role={role} className="max-w-md text-muted-foreground">
          {children}
        </p>
      }
      actions={steps.map((step) => (
        <NextStep key={step.href} href={step.href} icon={step.icon} outline={step.outline}>
          {step.label}
        </NextStep>
      ))}
    />
  );
}

/** A payment the bank has not settled yet: nothing went wrong, the key follows by e-mail. */
function ProcessingView({ message }: { message: string }) {
  const t = useT();
  return (
    <SentenceResult
      icon={<Clock className="size-14 text-brand" aria-hidden />}
      title={t("paymentResult.processingTitle")}
      role="status"
      steps={[
        { href: GUIDE_PATH, icon: <BookOpen aria-hidden />, label: t("paymentResult.guide") },
        { href: "/support", icon: <LifeBuoy aria-hidden />, label: t("paymentResult.support"), outline: true },
      ]}
    >
      {message}
    </SentenceResult>
  );
}

/** A refunded payment: nothing to retry, and its key (if one was issued) no longer counts. */
function RefundedView() {
  const t = useT();
  return (
    <SentenceResult
      icon={<Undo2 className="size-14 text-brand" aria-hidden />}
      title={t("paymentResult.refundedTitle")}
      role="status"
      steps={[
        { href: "/support", icon: <LifeBuoy aria-hidden />, label: t("paymentResult.contactSupport") },
        { href: "/", icon: <Home aria-hidden />, label: t("paymentResult.home"), outline: true },
      ]}
    >
      {t("paymentResult.refundedText", { hours: SUPPORT_RESPONSE_HOURS })}
    </SentenceResult>
  );
}

function ErrorView({ message }: { message: string }) {
  const t = useT();
  return (
    <SentenceResult
      icon={<AlertCircle className="size-14 text-destructive-text" aria-hidden />}
      title={t("paymentResult.errorTitle")}
      role="alert"
      steps={[
        { href: "/support", icon: <LifeBuoy aria-hidden />, label: t("paymentResult.contactSupport"), outline: true },
        { href: "/purchase", icon: <RotateCcw aria-hidden />, label: t("paymentResult.tryAgain") },
      ]}
    >
      {message}
    </SentenceResult>
  );
}

/**
 * Payment result (docs/architecture.md#payments): verifies only with payment_intent and redirect_status=succeeded (or
 * processing, which the card provider sends for a payment that completes later). The server's word decides.
 */
export default function PurchaseSuccessPage() {
  // The server renders this page once for every visitor, without the query string: it and the
  // hydration show the skeleton, so the page paints at once; the visitor's own result follows.
  const t = useT();
  const language = useWordsLanguage();
  const hydrated = useHydrated();
  const params = new URLSearchParams(useSearch());
  const paymentIntent = params.get("payment_intent");
  const valid = !!paymentIntent && ["succeeded", "processing"].includes(params.get("redirect_status") ?? "");
  const result = usePaymentResult(paymentIntent, params.get("payment_intent_client_secret"), valid && hydrated);

  let view: ReactNode;
  if (!hydrated) view = <LoadingView />;
  else if (!valid) view = <ErrorView message={t("paymentResult.invalid")} />;
  else if (result.isPending) view = <LoadingView />;
  else if (result.isError) view = <ErrorView message={t("paymentResult.verifyFailed")} />;
  else if (result.data?.refunded) view = <RefundedView />;
  else if (result.data?.processing)
    view = (
      <ProcessingView
        // In English the server's sentence; in another language the page's own, which says the same.
        message={(language === DEFAULT_LANGUAGE && result.data.error) || t("paymentResult.processingText")}
      />
    );
  else if (result.data?.success)
    view = (
      <SuccessView
        plan={result.data.plan ?? ""}
        productKey={result.data.productKey}
        email={result.data.email}
        amountPaid={result.data.amountPaid}
        invoiceUrl={result.data.invoiceUrl}
        seats={result.data.seats}
      />
    );
  else view = <ErrorView message={result.data?.error || t("paymentResult.generic")} />;

  return <Layout className="max-w-2xl">{view}</Layout>;
}
