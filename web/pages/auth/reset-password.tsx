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

function passwordProblem(value: string): string | undefined {
  if (!value) return "Password is required";
  if (value.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return undefined;
}

function MissingToken() {
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Reset link incomplete</h1>
        <CardDescription>
          This page needs the link from your reset e-mail. Open it again, or ask for a new one from the login page.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link href="/login">Back to Login</Link>
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
  const { shown, check } = useFieldErrors(
    { password: passwordProblem(password), confirmPassword: passwordProblem(confirmPassword) },
    { password: "reset-password", confirmPassword: "reset-confirm" },
  );

  if (hydrated && !token)
    return (
      <Layout className="flex items-start justify-center sm:items-center">
        <MissingToken />
      </Layout>
    );

  const mismatch = passwordsDiffer(password, confirmPassword);
  const confirmError = mismatch ? "Passwords don't match" : shown.confirmPassword;

  function submit() {
    if (!check() || password !== confirmPassword) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          toast({ title: "Password Updated", description: message });
          navigate("/login");
        },
        onError: failureToast("Reset Failed", {
          fallback: "Could not reset your password",
          statusPrefix: "Reset failed.",
        }),
      },
    );
  }

  return (
    <AuthFormCard
      title="Choose a new password"
      description="After this, every device signed in to your account is signed out."
      onSubmit={submit}
      submitLabel="Set New Password"
      pendingText="Saving..."
      pending={reset.isPending}
      disabled={mismatch}
      icon={<KeyRound aria-hidden />}
      footer={
        <AuthLink href="/login" className="text-sm">
          Back to Login
        </AuthLink>
      }
    >
      <NewPasswordField
        id="reset-password"
        label="New password"
        error={shown.password}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <NewPasswordField
        id="reset-confirm"
        label="Confirm new password"
        error={confirmError}
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
    </AuthFormCard>
  );
}
