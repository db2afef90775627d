import { useState, type FormEvent } from "react";
import { Loader2, LogIn } from "lucide-react";
import { Link, useLocation } from "wouter";
import { PRODUCT_NAME } from "../../../src/shared/product";
import { FormField, fieldMessageId } from "../../components/form-field";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { failureText } from "../../lib/error-text";
import { useLogin } from "../../lib/queries/auth";
import { toast } from "../../lib/use-toast";
import { useRedirectSignedIn } from "./use-redirect-signed-in";
import { ForgotPasswordDialog } from "./forgot-password-dialog";

interface LoginErrors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = "Email is required";
  if (!password) errors.password = "Password is required";
  return errors;
}

export default function LoginPage() {
  const [, navigate] = useLocation();
  useRedirectSignedIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const login = useLogin();

  const errors = submitted ? validate(email, password) : {};

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const problems = validate(email, password);
    if (problems.email || problems.password) {
      document.getElementById(problems.email ? "login-email" : "login-password")?.focus();
      return;
    }
    login.mutate(
      { email: email.trim(), password, rememberMe },
      {
        onSuccess: ({ user }) => {
          toast({ title: "Welcome back!", description: "You've been successfully logged in." });
          navigate(user.isAdmin ? "/admin" : "/dashboard");
        },
        onError: (error) => {
          toast({
            variant: "destructive",
            title: "Login Failed",
            description: failureText(error, {
              fallback: "Invalid email or password",
              unauthorizedText: "Invalid email or password",
              statusPrefix: "Login failed.",
            }),
          });
        },
      },
    );
  }

  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome back</h1>
          <CardDescription>Log in to your {PRODUCT_NAME} account to manage your subscription and plugin key.</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={handleSubmit}>
          <CardContent className="grid gap-5">
            <FormField id="login-email" label="Email" error={errors.email}>
              <Input
                id="login-email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={fieldMessageId("login-email")}
              />
            </FormField>
            <FormField
              id="login-password"
              label="Password"
              error={errors.password}
              aside={
                <Button type="button" variant="link" size="sm" className="h-auto p-0" data-testid="forgot-password" onClick={() => setForgotOpen(true)}>
                  Forgot password?
                </Button>
              }
            >
              <Input
                id="login-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={fieldMessageId("login-password")}
              />
            </FormField>
            <div className="flex items-center gap-2">
              <Checkbox id="login-remember" checked={rememberMe} onCheckedChange={(checked) => setRememberMe(checked === true)} />
              <Label htmlFor="login-remember" className="cursor-pointer font-normal text-muted-foreground">
                Remember me
              </Label>
            </div>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
              {login.isPending ? "Logging in..." : "Login"}
            </Button>
            <p className="text-center text-sm text-muted-foreground">
              Don't have an account?{" "}
              <Link href="/signup" className="rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
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
