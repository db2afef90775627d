import { useState, type FormEvent } from "react";
import { UserPlus } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { MIN_PASSWORD_LENGTH, PRODUCT_KEY_LENGTH, PRODUCT_NAME, normaliseProductKey } from "@shared/product";
import { EmailField } from "../../components/email-field";
import { Layout } from "../../components/layout";
import { PendingButton } from "../../components/ui/pending-button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
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

/** In form order, for focusing the first field that needs attention. */
const FIELD_IDS: Record<keyof SignupFields, string> = {
  productKey: "signup-key",
  email: "signup-email",
  password: "signup-password",
  confirmPassword: "signup-confirm",
};

const linkClasses =
  "rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring";

export default function SignupPage() {
  const [, navigate] = useLocation();
  useRedirectSignedIn();
  // /signup?key=…&email=… (the result page's and the key e-mail's link) fills in both.
  const search = useSearch();
  const [fields, setFields] = useState<SignupFields>(() => {
    const params = new URLSearchParams(search);
    return {
      productKey: normaliseProductKey(params.get("key") ?? ""),
      email: (params.get("email") ?? "").trim(),
      password: "",
      confirmPassword: "",
    };
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const signup = useSignup();
  const { shown, check } = useFieldErrors(validateSignup(fields), FIELD_IDS);
  const server = useServerFieldError<"productKey" | "email">({
    INVALID_PRODUCT_KEY: "productKey",
    PRODUCT_KEY_USED: "productKey",
    PRODUCT_KEY_ON_HOLD: "productKey",
    EMAIL_TAKEN: "email",
  });

  const mismatch =
    fields.password !== "" && fields.confirmPassword !== "" && fields.password !== fields.confirmPassword;
  const confirmError = mismatch ? "Passwords don't match" : shown.confirmPassword;
  const canSubmit = fields.password === fields.confirmPassword && acceptTerms && !signup.isPending;

  const update = (name: keyof SignupFields) => (value: string) => {
    if (name === "productKey" || name === "email") server.edited(name);
    setFields((current) => ({ ...current, [name]: name === "productKey" ? normaliseProductKey(value) : value }));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check() || !canSubmit) return;
    signup.mutate(
      { ...fields, email: fields.email.trim() },
      {
        onSuccess: () => {
          toast({
            title: "Account Created!",
            description: `Welcome to ${PRODUCT_NAME}! Your subscription is now active.`,
          });
          navigate("/dashboard");
        },
        onError: (error) => {
          const description = failureToast("Signup Failed", {
            fallback: "Failed to create account",
            statusPrefix: "Signup failed.",
          })(error);
          // A mistyped key stays in the form beside its message, to be corrected; "Purchase one" is under it.
          server.show(error, description);
        },
      },
    );
  }

  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Create your account</h1>
          <CardDescription>Enter the product key from your purchase e-mail to activate {PRODUCT_NAME}.</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={handleSubmit}>
          <CardContent className="grid gap-5">
            <TextField
              id="signup-key"
              label="Product key"
              error={shown.productKey ?? server.errorFor("productKey")}
              hint={
                <>
                  No key yet?{" "}
                  <Link href="/purchase" className={linkClasses}>
                    Purchase one
                  </Link>
                  {" · "}
                  <LostKeyDialog initialEmail={fields.email} />
                </>
              }
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="ABCD2345EFGH"
              maxLength={PRODUCT_KEY_LENGTH * 2}
              className="font-mono tracking-widest uppercase"
              required
              value={fields.productKey}
              onChange={(event) => update("productKey")(event.target.value)}
            />
            <EmailField
              id="signup-email"
              label="Email"
              error={shown.email ?? server.errorFor("email")}
              value={fields.email}
              onChange={(event) => update("email")(event.target.value)}
            />
            <NewPasswordField
              id="signup-password"
              label="Password"
              error={shown.password}
              hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
              value={fields.password}
              onChange={(event) => update("password")(event.target.value)}
            />
            <NewPasswordField
              id="signup-confirm"
              label="Confirm password"
              error={confirmError}
              value={fields.confirmPassword}
              onChange={(event) => update("confirmPassword")(event.target.value)}
            />
            <div className="flex items-start gap-2">
              <Checkbox
                id="signup-terms"
                className="mt-0.5"
                checked={acceptTerms}
                onCheckedChange={(checked) => setAcceptTerms(checked === true)}
              />
              <Label htmlFor="signup-terms" className="cursor-pointer leading-snug font-normal text-muted-foreground">
                {/* New tabs, so reading them doesn't lose what is typed here. */}I agree to the{" "}
                <a href="/terms" target="_blank" rel="noopener" className="text-brand underline underline-offset-4">
                  terms of service
                </a>{" "}
                and{" "}
                <a href="/privacy" target="_blank" rel="noopener" className="text-brand underline underline-offset-4">
                  privacy policy
                </a>
              </Label>
            </div>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <PendingButton
              type="submit"
              className="w-full"
              disabled={!canSubmit}
              pending={signup.isPending}
              pendingText="Creating account..."
              icon={<UserPlus aria-hidden />}
            >
              Create Account
            </PendingButton>
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{" "}
              <Link href="/login" className={linkClasses}>
                Login
              </Link>
            </p>
          </CardFooter>
        </form>
      </Card>
    </Layout>
  );
}
