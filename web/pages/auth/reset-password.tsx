import { useState } from "react";
import { KeyRound } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { MIN_PASSWORD_LENGTH } from "@shared/product";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { useFieldErrors } from "../../components/ui/use-field-errors";
import { Card, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { failureToast } from "../../lib/failure-toast";
import { useResetPassword } from "../../lib/queries/password-reset";
import { toast } from "../../lib/use-toast";
import { NewPasswordField } from "../../components/new-password-field";
import { useHydrated } from "../../lib/use-hydrated";
import { AuthFormCard, AuthLink, passwordsDiffer } from "./auth-form-card";
import { useT, type Translate } from "../../lib/language";

function passwordProblem(value: string, t: Translate): string | undefined {
  if (!value) return t("auth.passwordRequired");
  if (value.length < MIN_PASSWORD_LENGTH) return t("auth.passwordTooShort", { min: MIN_PASSWORD_LENGTH });
  return undefined;
}

function MissingToken() {
  const t = useT();
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{t("reset.missingTitle")}</h1>
        <CardDescription>{t("reset.missingText")}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link href="/login">{t("auth.backToLogin")}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** /reset-password?token=…: choose a new password with the e-mailed one-hour link. */
export default function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  // The server renders the form (it never sees the link's token); a visit without one learns so once hydrated.
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const reset = useResetPassword();
  const t = useT();
  const { shown, check } = useFieldErrors(
    { password: passwordProblem(password, t), confirmPassword: passwordProblem(confirmPassword, t) },
    { password: "reset-password", confirmPassword: "reset-confirm" },
  );

  if (hydrated && !token)
    return (
      <Layout className="flex items-start justify-center sm:items-center">
        <MissingToken />
      </Layout>
    );

  const mismatch = passwordsDiffer(password, confirmPassword);
  const confirmError = mismatch ? t("auth.passwordsDiffer") : shown.confirmPassword;

  function submit() {
    if (!check() || password !== confirmPassword) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: t("reset.updated"), description: t("reset.done") });
          navigate("/login");
        },
        onError: failureToast(t("reset.failedTitle"), {
          fallback: t("reset.failed"),
          statusPrefix: t("reset.failedStatus"),
          codes: { INVALID_RESET_TOKEN: t("reset.invalidLink") },
        }),
      },
    );
  }

  return (
    <AuthFormCard
      title={t("reset.title")}
      description={t("reset.description")}
      onSubmit={submit}
      submitLabel={t("reset.submit")}
      pendingText={t("reset.pending")}
      pending={reset.isPending}
      disabled={mismatch}
      icon={<KeyRound aria-hidden />}
      footer={
        <AuthLink href="/login" className="text-sm">
          {t("auth.backToLogin")}
        </AuthLink>
      }
    >
      <NewPasswordField
        id="reset-password"
        label={t("reset.new")}
        error={shown.password}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <NewPasswordField
        id="reset-confirm"
        label={t("reset.confirm")}
        error={confirmError}
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
    </AuthFormCard>
  );
}
