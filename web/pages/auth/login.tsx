import { useEffect, useState, type FormEvent } from "react";
import { LogIn } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { PRODUCT_NAME } from "@shared/product";
import { EmailField } from "../../components/email-field";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { PendingButton } from "../../components/ui/pending-button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
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

function validate(email: string, password: string) {
  return {
    email: email.trim() ? undefined : "Email is required",
    password: password ? undefined : "Password is required",
  };
}

export default function LoginPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  // /login?next=… (a page that asked to sign in first) goes back there.
  const next = nextPath(search);
  useRedirectSignedIn(next ?? undefined);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // /login?forgot=1 (the password-changed e-mail's "Reset your password") opens Forgot password at once.
  const forgotLink = new URLSearchParams(search).get("forgot") === "1";
  useEffect(() => {
    if (forgotLink) setForgotOpen(true);
  }, [forgotLink]);
  const login = useLogin();
  const { shown: errors, check } = useFieldErrors(validate(email, password), {
    email: "login-email",
    password: "login-password",
  });
  // "Invalid email or password" goes under the password, the field a person most often gets wrong.
  const server = useServerFieldError<"password">({ INVALID_CREDENTIALS: "password" });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check()) return;
    login.mutate(
      { email: email.trim(), password, rememberMe },
      {
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
      },
    );
  }

  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome back</h1>
          <CardDescription>
            Log in to your {PRODUCT_NAME} account to manage your subscription and plugin key.
          </CardDescription>
        </CardHeader>
        <form noValidate onSubmit={handleSubmit}>
          <CardContent className="grid gap-5">
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
              aside={
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto p-0"
                  data-testid="forgot-password"
                  onClick={() => setForgotOpen(true)}
                >
                  Forgot password?
                </Button>
              }
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => {
                server.edited("password");
                setPassword(event.target.value);
              }}
            />
            <div className="flex items-center gap-2">
              <Checkbox
                id="login-remember"
                checked={rememberMe}
                onCheckedChange={(checked) => setRememberMe(checked === true)}
              />
              <Label htmlFor="login-remember" className="cursor-pointer font-normal text-muted-foreground">
                Remember me
              </Label>
            </div>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <PendingButton
              type="submit"
              className="w-full"
              pending={login.isPending}
              pendingText="Logging in..."
              icon={<LogIn aria-hidden />}
            >
              Login
            </PendingButton>
            <p className="text-center text-sm text-muted-foreground">
              Don't have an account?{" "}
              <Link
                href="/signup"
                className="rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                Sign Up
              </Link>
            </p>
          </CardFooter>
        </form>
      </Card>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={email.trim()} />
    </Layout>
  );
}
