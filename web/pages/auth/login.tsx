import { useEffect, useState } from "react";
import { LogIn } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { EmailField } from "../../components/email-field";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { TextField } from "../../components/ui/text-field";
import { useFieldErrors } from "../../components/ui/use-field-errors";
import { failureToast } from "../../lib/failure-toast";
import { useServerFieldError } from "../../components/ui/use-server-field-error";
import { useLogin } from "../../lib/queries/auth";
import { toast } from "../../lib/use-toast";
import { useRedirectSignedIn } from "./use-redirect-signed-in";
import { nextPath } from "../../lib/after-sign-in";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { AuthFormCard, AuthLink } from "./auth-form-card";
import { richMessage, useLanguage, useT, type Translate } from "../../lib/language";
import { DEFAULT_LANGUAGE, isSiteLanguage, localizedPath } from "@shared/languages";
import { rememberLanguage } from "../../lib/use-choose-language";

function validate(email: string, password: string, t: Translate) {
  return {
    email: email.trim() ? undefined : t("auth.emailRequired"),
    password: password ? undefined : t("auth.passwordRequired"),
  };
}

/**
 * Logs in and goes on: to `next`, else the admin panel or the dashboard, in the page's language; signed in on an
 * English page, in the account's language when it has another (then remembered on this device). A refusal is a toast, and
 * "Invalid email or password" also goes under the password, the field a person most often gets wrong.
 */
function useLoginRequest(next: string | null) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const t = useT();
  const language = useLanguage();
  const server = useServerFieldError<"password">({ INVALID_CREDENTIALS: "password" });
  function send(body: { email: string; password: string; rememberMe: boolean }) {
    login.mutate(body, {
      onSuccess: ({ user, firstSignIn }) => {
        // "back" only for someone who has been here before (a new admin's first sign-in is not a return).
        toast({
          title: firstSignIn ? t("login.welcome") : t("login.welcomeBack"),
          description: t("login.success"),
        });
        const to = next ?? (user.isAdmin ? "/admin" : "/dashboard");
        const saved = user.settings.language;
        if (language === DEFAULT_LANGUAGE && isSiteLanguage(saved) && saved !== DEFAULT_LANGUAGE) {
          rememberLanguage(saved);
          navigate(`~${localizedPath(saved, to)}`);
        } else navigate(to);
      },
      onError: (error) =>
        server.show(
          error,
          failureToast(t("login.failedTitle"), {
            fallback: t("login.invalid"),
            unauthorizedText: t("login.invalid"),
            statusPrefix: t("login.failedStatus"),
            codes: { INVALID_CREDENTIALS: t("login.invalid") },
          })(error),
        ),
    });
  }
  return { send, pending: login.isPending, server };
}

export default function LoginPage() {
  const search = useSearch();
  // /login?next=… (a page that asked to sign in first) goes back there.
  const next = nextPath(search);
  useRedirectSignedIn(next ?? undefined);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [forgotOpen, setForgotOpen] = useForgotPasswordLink(search);
  const login = useLoginRequest(next);
  const server = login.server;
  const t = useT();
  const { shown: errors, check } = useFieldErrors(validate(email, password, t), {
    email: "login-email",
    password: "login-password",
  });

  function submit() {
    if (check()) login.send({ email: email.trim(), password, rememberMe });
  }

  return (
    <AuthFormCard
      title={t("login.title")}
      description={t("login.description")}
      onSubmit={submit}
      submitLabel={t("login.submit")}
      pendingText={t("login.pending")}
      pending={login.pending}
      icon={<LogIn aria-hidden />}
      footer={
        <p className="text-center text-sm text-muted-foreground">
          {richMessage(t("login.noAccount"), [(words) => <AuthLink href="/signup">{words}</AuthLink>])}
        </p>
      }
      after={<ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={email.trim()} />}
    >
      <EmailField
        id="login-email"
        label={t("auth.email")}
        error={errors.email}
        value={email}
        onChange={(event) => {
          server.edited("password");
          setEmail(event.target.value);
        }}
      />
      <TextField
        id="login-password"
        label={t("auth.password")}
        error={errors.password ?? server.errorFor("password")}
        aside={<ForgotPasswordButton onClick={() => setForgotOpen(true)} />}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => {
          server.edited("password");
          setPassword(event.target.value);
        }}
      />
      <RememberMe checked={rememberMe} onChange={setRememberMe} />
    </AuthFormCard>
  );
}

/** /login?forgot=1 (the password-changed e-mail's "Reset your password") opens Forgot password at once. */
function useForgotPasswordLink(search: string) {
  const [open, setOpen] = useState(false);
  const forgotLink = new URLSearchParams(search).get("forgot") === "1";
  useEffect(() => {
    if (forgotLink) setOpen(true);
  }, [forgotLink]);
  return [open, setOpen] as const;
}

function RememberMe({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id="login-remember" checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor="login-remember" className="cursor-pointer font-normal text-muted-foreground">
        {t("login.remember")}
      </Label>
    </div>
  );
}

function ForgotPasswordButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button
      type="button"
      variant="link"
      size="sm"
      className="h-auto p-0"
      data-testid="forgot-password"
      onClick={onClick}
    >
      {t("login.forgot")}
    </Button>
  );
}
