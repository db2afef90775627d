import { useState } from "react";
import { UserPlus } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { MIN_PASSWORD_LENGTH, PRODUCT_KEY_LENGTH, normaliseProductKey } from "@shared/product";
import { EmailField } from "../../components/email-field";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { TextField } from "../../components/ui/text-field";
import { useFieldErrors } from "../../components/ui/use-field-errors";
import { useServerFieldError } from "../../components/ui/use-server-field-error";
import { failureToast } from "../../lib/failure-toast";
import { useSignup } from "../../lib/queries/auth";
import { toast } from "../../lib/use-toast";
import { NewPasswordField } from "../../components/new-password-field";
import { useRedirectSignedIn } from "./use-redirect-signed-in";
import { LostKeyDialog } from "../../components/lost-key-dialog";
import { validateSignup, type SignupFields } from "./signup-validation";
import { AuthFormCard, AuthLink, passwordsDiffer } from "./auth-form-card";
import { richMessage, useT } from "../../lib/language";

/** In form order, for focusing the first field that needs attention. */
const FIELD_IDS: Record<keyof SignupFields, string> = {
  productKey: "signup-key",
  email: "signup-email",
  password: "signup-password",
  confirmPassword: "signup-confirm",
};

/** /signup?key=…&email=… (the result page's and the key e-mail's link) fills in both. */
function prefilled(search: string): SignupFields {
  const params = new URLSearchParams(search);
  return {
    productKey: normaliseProductKey(params.get("key") ?? ""),
    email: (params.get("email") ?? "").trim(),
    password: "",
    confirmPassword: "",
  };
}

/** The server's refusals that belong beside a field. */
const SERVER_FIELDS = {
  INVALID_PRODUCT_KEY: "productKey",
  PRODUCT_KEY_USED: "productKey",
  PRODUCT_KEY_ON_HOLD: "productKey",
  EMAIL_TAKEN: "email",
} as const;

/** Creates the account and opens the dashboard; a refusal is a toast, and a key or address refused also stays beside its field. */
function useSignupRequest() {
  const [, navigate] = useLocation();
  const signup = useSignup();
  const t = useT();
  const server = useServerFieldError<"productKey" | "email">(SERVER_FIELDS);
  function send(fields: SignupFields) {
    signup.mutate(fields, {
      onSuccess: () => {
        toast({
          title: t("signup.created"),
          description: t("signup.createdText"),
        });
        navigate("/dashboard");
      },
      onError: (error) => {
        const description = failureToast(t("signup.failedTitle"), {
          fallback: t("signup.failed"),
          statusPrefix: t("signup.failedStatus"),
          codes: {
            INVALID_PRODUCT_KEY: t("signup.invalidKey"),
            PRODUCT_KEY_USED: t("signup.keyUsed"),
            PRODUCT_KEY_ON_HOLD: t("signup.keyOnHold"),
            EMAIL_TAKEN: t("signup.emailTaken"),
          },
        })(error);
        // A mistyped key stays in the form beside its message, to be corrected; "Purchase one" is under it.
        server.show(error, description);
      },
    });
  }
  return { send, pending: signup.isPending, server };
}

export default function SignupPage() {
  useRedirectSignedIn();
  const search = useSearch();
  const [fields, setFields] = useState<SignupFields>(() => prefilled(search));
  const [acceptTerms, setAcceptTerms] = useState(false);
  const signup = useSignupRequest();
  const server = signup.server;
  const t = useT();
  const { shown, check } = useFieldErrors(validateSignup(fields, t), FIELD_IDS);

  const canSubmit = fields.password === fields.confirmPassword && acceptTerms && !signup.pending;

  const update = (name: keyof SignupFields) => (value: string) => {
    if (name === "productKey" || name === "email") server.edited(name);
    setFields((current) => ({ ...current, [name]: name === "productKey" ? normaliseProductKey(value) : value }));
  };

  function submit() {
    if (check() && canSubmit) signup.send({ ...fields, email: fields.email.trim() });
  }

  return (
    <AuthFormCard
      title={t("signup.title")}
      description={t("signup.description")}
      onSubmit={submit}
      submitLabel={t("signup.submit")}
      pendingText={t("signup.pending")}
      pending={signup.pending}
      disabled={!canSubmit}
      icon={<UserPlus aria-hidden />}
      footer={
        <p className="text-center text-sm text-muted-foreground">
          {richMessage(t("signup.haveAccount"), [(words) => <AuthLink href="/login">{words}</AuthLink>])}
        </p>
      }
    >
      <ProductKeyField
        value={fields.productKey}
        email={fields.email}
        error={shown.productKey ?? server.errorFor("productKey")}
        onChange={update("productKey")}
      />
      <EmailField
        id="signup-email"
        label={t("auth.email")}
        error={shown.email ?? server.errorFor("email")}
        value={fields.email}
        onChange={(event) => update("email")(event.target.value)}
      />
      <NewPasswordField
        id="signup-password"
        label={t("auth.password")}
        error={shown.password}
        hint={t("signup.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        value={fields.password}
        onChange={(event) => update("password")(event.target.value)}
      />
      <NewPasswordField
        id="signup-confirm"
        label={t("signup.confirm")}
        error={
          passwordsDiffer(fields.password, fields.confirmPassword) ? t("auth.passwordsDiffer") : shown.confirmPassword
        }
        value={fields.confirmPassword}
        onChange={(event) => update("confirmPassword")(event.target.value)}
      />
      <TermsCheckbox checked={acceptTerms} onChange={setAcceptTerms} />
    </AuthFormCard>
  );
}

/** The key from the purchase e-mail, with where to buy one and how to find a lost one. */
function ProductKeyField(props: {
  value: string;
  email: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <TextField
      id="signup-key"
      label={t("signup.key")}
      error={props.error}
      hint={
        <>
          {richMessage(t("signup.keyHint"), [(words) => <AuthLink href="/purchase">{words}</AuthLink>])}
          {" · "}
          <LostKeyDialog initialEmail={props.email} />
        </>
      }
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder="ABCD2345EFGH"
      maxLength={PRODUCT_KEY_LENGTH * 2}
      className="font-mono tracking-widest uppercase"
      required
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

const termsLinkClass = "text-brand underline underline-offset-4";

function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id="signup-terms"
        className="mt-0.5"
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
      />
      <Label htmlFor="signup-terms" className="cursor-pointer leading-snug font-normal text-muted-foreground">
        {/* New tabs, so reading them doesn't lose what is typed here. The legal pages are English. */}
        {richMessage(t("signup.terms"), [
          (words) => (
            <a href="/terms" target="_blank" rel="noopener" className={termsLinkClass}>
              {words}
            </a>
          ),
          (words) => (
            <a href="/privacy" target="_blank" rel="noopener" className={termsLinkClass}>
              {words}
            </a>
          ),
        ])}
      </Label>
    </div>
  );
}
