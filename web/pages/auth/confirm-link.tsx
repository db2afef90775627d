import { useState } from "react";
import { MailCheck } from "lucide-react";
import { Link, useSearch } from "wouter";
import type { UseMutationResult } from "@tanstack/react-query";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { PendingButton } from "../../components/ui/pending-button";
import { Card, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { failureToast } from "../../lib/failure-toast";
import { useHydrated } from "../../lib/use-hydrated";
import { useIsSignedIn } from "../../lib/session";
import { ApiError } from "../../lib/api";
import { failureText } from "../../lib/error-text";

/** What one kind of e-mailed confirmation link says, before and after the click. */
export interface ConfirmLinkWords {
  title: string;
  prompt: string;
  doneTitle: string;
  /** Where a signed-in visitor goes afterwards. */
  doneHref: string;
  /** The page opened without its token. */
  missingText: string;
  missingHref: string;
  missingLabel: string;
}

/**
 * A page an e-mailed link opens (/confirm-email, /confirm-address). It asks for a click rather than
 * confirming on load, so a mail scanner opening the link changes nothing.
 */
export function ConfirmLinkPage({
  words,
  confirm,
}: {
  words: ConfirmLinkWords;
  confirm: UseMutationResult<{ message: string }, Error, string>;
}) {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const hydrated = useHydrated();
  const signedIn = useIsSignedIn();
  const [done, setDone] = useState<string | null>(null);
  // The server's sentence for a link that no longer works (used, replaced by a newer one, expired).
  const [dead, setDead] = useState<string | null>(null);
  const missing = hydrated && !token;

  const title = done
    ? words.doneTitle
    : dead
      ? "This link no longer works"
      : missing
        ? "Confirmation link incomplete"
        : words.title;
  const text = done ?? dead ?? (missing ? words.missingText : words.prompt);

  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription role={done || dead ? "status" : undefined}>{text}</CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          {done || dead ? (
            <Button asChild>
              <Link href={signedIn ? words.doneHref : "/login"}>{signedIn ? "Go to Dashboard" : "Go to Login"}</Link>
            </Button>
          ) : missing ? (
            <Button asChild>
              <Link href={words.missingHref}>{words.missingLabel}</Link>
            </Button>
          ) : (
            <PendingButton
              pending={confirm.isPending}
              pendingText="Confirming..."
              icon={<MailCheck aria-hidden />}
              onClick={() =>
                confirm.mutate(token, {
                  onSuccess: ({ message }) => setDone(message),
                  onError: (error) => {
                    const wording = {
                      fallback: "Could not confirm your email",
                      statusPrefix: "Confirmation failed.",
                    };
                    // A link the server refused for good becomes the page's own state (no toast over it, no
                    // button to click again); a network failure is a toast, and the button can be tried again.
                    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
                      setDead(failureText(error, wording));
                    else failureToast("Not Confirmed", wording)(error);
                  },
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
