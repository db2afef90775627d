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
import { useT } from "../../lib/language";

/**
 * One kind of e-mailed confirmation link: its words are the `confirm.{kind}.…` messages (title, prompt,
 * doneTitle, done, missingText, missingLabel, invalid), in the page's language.
 */
export interface ConfirmLinkKind {
  kind: "email" | "address";
  /** Where a signed-in visitor goes afterwards. */
  doneHref: string;
  /** Where the page opened without its token sends the visitor. */
  missingHref: string;
}

/** The refusals the pages know by their code, in the page's language. */
const KNOWN_REFUSALS = {
  INVALID_EMAIL_LINK: "confirm.email.invalid",
  INVALID_CONFIRMATION_LINK: "confirm.address.invalid",
  EMAIL_TAKEN: "confirm.email.taken",
  RATE_LIMITED: "confirm.tooMany",
} as const;

/**
 * A page an e-mailed link opens (/confirm-email, /confirm-address). It asks for a click rather than
 * confirming on load, so a mail scanner opening the link changes nothing.
 */
export function ConfirmLinkPage({
  link,
  confirm,
}: {
  link: ConfirmLinkKind;
  confirm: UseMutationResult<{ email: string }, Error, string>;
}) {
  const t = useT();
  const say = (part: "title" | "prompt" | "doneTitle" | "missingText" | "missingLabel") =>
    t(`confirm.${link.kind}.${part}`);
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const hydrated = useHydrated();
  const signedIn = useIsSignedIn();
  const [done, setDone] = useState<string | null>(null);
  // The server's sentence for a link that no longer works (used, replaced by a newer one, expired).
  const [dead, setDead] = useState<string | null>(null);
  const missing = hydrated && !token;

  const title = done
    ? say("doneTitle")
    : dead
      ? t("confirm.deadTitle")
      : missing
        ? t("confirm.missingTitle")
        : say("title");
  const text = done ?? dead ?? (missing ? say("missingText") : say("prompt"));

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
              <Link href={signedIn ? link.doneHref : "/login"}>
                {signedIn ? t("confirm.toDashboard") : t("confirm.toLogin")}
              </Link>
            </Button>
          ) : missing ? (
            <Button asChild>
              <Link href={link.missingHref}>{say("missingLabel")}</Link>
            </Button>
          ) : (
            <PendingButton
              pending={confirm.isPending}
              pendingText={t("confirm.pending")}
              icon={<MailCheck aria-hidden />}
              onClick={() =>
                confirm.mutate(token, {
                  // The page's own sentence, in its language (the server's is English).
                  onSuccess: ({ email }) => setDone(t(`confirm.${link.kind}.done`, { email })),
                  onError: (error) => {
                    const wording = {
                      fallback: t("confirm.failed"),
                      statusPrefix: t("confirm.failedStatus"),
                      codes: Object.fromEntries(Object.entries(KNOWN_REFUSALS).map(([code, id]) => [code, t(id)])),
                    };
                    // A link the server refused for good becomes the page's own state (no toast over it, no
                    // button to click again); a network failure is a toast, and the button can be tried again.
                    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
                      setDead(failureText(error, wording));
                    else failureToast(t("confirm.failedTitle"), wording)(error);
                  },
                })
              }
            >
              {t("confirm.submit")}
            </PendingButton>
          )}
        </CardFooter>
      </Card>
    </Layout>
  );
}
