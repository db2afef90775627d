import { useEffect, useState } from "react";
import { LogIn } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { PRODUCT_NAME } from "@shared/product";
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

function validate(email: string, password: string) {
  return {
    email: email.trim() ? undefined : "Email is required",
    password: password ? undefined : "Password is required",
  };
}

/**
 * Logs in and goes on: to `next`, else the admin panel or the dashboard. A refusal is a toast, and
 * "Invalid email or password" also goes under the password, the field a person most often gets wrong.
 */
function useLoginRequest(next: string | null) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const server = useServerFieldError<"password">({ INVALID_CREDENTIALS: "password" });
  function send(body: { email: string; password: string; rememberMe: boolean }) {
    login.mutate(body, {
      onSuccess: ({ user, firstSignIn }) => {
        // "back" only for someone who has been here before (a new admin's first sign-in is not a return).
        toast({
          title: firstSignIn ? "Welcome!" : "Welcome back!",
          description: "You've been successfully logged in.",
        });
        navigate(next ?? (user.isAdmin ? "/admin" : "/dashboard"));
      },
      onError: (error) =>
        server.show(
          error,
          failureToast("Login Failed", {
            fallback: "Invalid email or password",
            unauthorizedText: "Invalid email or password",
            statusPrefix: "Login failed.",
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
  const { shown: errors, check } = useFieldErrors(validate(email, password), {
    email: "login-email",
    password: "login-password",
  });

  function submit() {
    if (check()) login.send({ email: email.trim(), password, rememberMe });
  }

  return (
    <AuthFormCard
      title="Welcome back"
      description={`Log in to your ${PRODUCT_NAME} account to manage your subscription and plugin key.`}
      onSubmit={submit}
      submitLabel="Login"
      pendingText="Logging in..."
      pending={login.pending}
      icon={<LogIn aria-hidden />}
      footer={
        <p className="text-center text-sm text-muted-foreground">
          Don't have an account? <AuthLink href="/signup">Sign Up</AuthLink>
        </p>
      }
      after={<ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={email.trim()} />}
    >
      <EmailField
        id="login-email"
        label="Email"
        error={errors.email}
        value={email}
        onChange={(event) => {
          server.edited("password");
          setEmail(event.target.value);
        }}
      />
      <TextField
        id="login-password"
        label="Password"
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
  return (
    <div className="flex items-center gap-2">
      <Checkbox id="login-remember" checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor="login-remember" className="cursor-pointer font-normal text-muted-foreground">
        Remember me
      </Label>
    </div>
  );
}

function ForgotPasswordButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      type="button"
      variant="link"
      size="sm"
      className="h-auto p-0"
      data-testid="forgot-password"
      onClick={onClick}
    >
      Forgot password?
    </Button>
  );
}
