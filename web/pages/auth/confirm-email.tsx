import { useState } from "react";
import { MailCheck } from "lucide-react";
import { Link, useSearch } from "wouter";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { PendingButton } from "../../components/ui/pending-button";
import { Card, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { toastFailure } from "../../components/failure-toast";
import { useConfirmEmail } from "../../lib/queries/account";
import { useHydrated } from "../../lib/use-hydrated";
import { useIsSignedIn } from "../../lib/session";

/**
 * /confirm-email?token=…: the link e-mailed to a new address. It asks for a click rather than
 * confirming on load, so a mail scanner opening the link changes nothing.
 */
export default function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const hydrated = useHydrated();
  const signedIn = useIsSignedIn();
  const confirm = useConfirmEmail();
  const [done, setDone] = useState<string | null>(null);

  const title = done ? "Email changed" : hydrated && !token ? "Confirmation link incomplete" : "Confirm your new email";
  const text =
    done ??
    (hydrated && !token
      ? "This page needs the link from the confirmation e-mail. Open it again, or ask for a new one in your dashboard's Settings."
      : "Press the button to make this address your account's sign-in e-mail.");

  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription role={done ? "status" : undefined}>{text}</CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          {done ? (
            <Button asChild>
              <Link href={signedIn ? "/dashboard?tab=settings" : "/login"}>
                {signedIn ? "Go to Dashboard" : "Go to Login"}
              </Link>
            </Button>
          ) : hydrated && !token ? (
            <Button asChild>
              <Link href="/dashboard?tab=settings">Open Settings</Link>
            </Button>
          ) : (
            <PendingButton
              pending={confirm.isPending}
              pendingText="Confirming..."
              icon={<MailCheck aria-hidden />}
              onClick={() =>
                confirm.mutate(token, {
                  onSuccess: ({ message }) => setDone(message),
                  onError: (error) =>
                    toastFailure("Not Confirmed", error, {
                      fallback: "Could not confirm your email",
                      statusPrefix: "Confirmation failed.",
                    }),
                })
              }
            >
              Confirm Email
            </PendingButton>
          )}
        </CardFooter>
      </Card>
    </Layout>
  );
}
