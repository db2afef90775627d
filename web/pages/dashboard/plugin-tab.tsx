import { BookOpen, FileCode2, KeyRound } from "lucide-react";
import { Link } from "wouter";
import { GUIDE_PATH } from "@shared/routes";
import type { AccountUser } from "../../lib/plugin-key-name";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { useDashboard, useGeneratePluginKey } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";
import { failureToast } from "../../lib/failure-toast";
import { LinkedAccountCard } from "./linked-account-card";
import { PluginStoreLink } from "../../components/plugin-store-link";
import { useSeats } from "../../lib/queries/seats";
import { SeatsCard } from "./seats-card";
import { CopyKeyButton, GenerateKeyButton } from "./key-buttons";
import { AddSeatsButton, canAddSeats } from "./add-seats";

function PluginKeyCard({ pluginKey }: { pluginKey: string | null }) {
  const generate = useGeneratePluginKey();

  function generateKey(close?: () => void) {
    // Only a replaced key stops working; the first key replaces nothing.
    const replaced = pluginKey !== null;
    generate.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: "Key generated",
          description: replaced
            ? "Paste the new key into the plugin. The old key no longer works."
            : "Paste the key into the plugin.",
        }),
      onError: failureToast("Failed", "Could not generate key"),
      onSettled: close,
    });
  }

  const generateButton = (
    <Button onClick={pluginKey ? undefined : () => generateKey()} disabled={generate.isPending}>
      {generate.isPending ? "Generating…" : "Generate Plugin Key"}
    </Button>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-base">
          <KeyRound className="size-5 text-brand" aria-hidden /> Plugin key
        </CardTitle>
        <CardDescription>
          Paste this key into the plugin to unlock it. Generating a new key replaces the old one, which stops working at
          once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          // 35 characters: one line on a 390 px phone at text-xs; narrower screens still break it rather than overflow.
          className="rounded-md border border-border bg-muted px-3 py-2.5 font-mono text-xs break-all sm:text-sm"
          data-testid="plugin-key"
        >
          {pluginKey ?? <span className="font-sans text-muted-foreground">Not generated yet</span>}
        </div>
        {!pluginKey && (
          <p className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
            <BookOpen className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
            <span>
              First time? The{" "}
              <Link href={GUIDE_PATH} className="font-medium text-brand underline underline-offset-4">
                setup guide
              </Link>{" "}
              takes you from here to a first import.
            </span>
          </p>
        )}
        <p className="mt-3 text-sm text-muted-foreground">
          No plugin yet? <PluginStoreLink>Get the plugin from its store page</PluginStoreLink>
        </p>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        {/* Replacing a key in use breaks the plugin until the new one is pasted: ask first. */}
        <GenerateKeyButton
          button={generateButton}
          replacing={pluginKey !== null}
          title="Regenerate plugin key?"
          description="The old key stops working at once. The plugin stays locked until you paste the new key into it."
          confirmLabel="Regenerate key"
          pending={generate.isPending}
          onGenerate={generateKey}
        />
        {pluginKey && <CopyKeyButton text={pluginKey} saidWhenCopied />}
      </CardFooter>
    </Card>
  );
}

export function PluginTab({ user }: { user: AccountUser }) {
  // One seat (or the seats not known yet): the tab as it always was. Several: the seat list.
  const seats = useSeats().data;
  const several = seats !== undefined && seats.total > 1;
  const subscription = useDashboard().data?.subscription;
  const addSeats =
    seats !== undefined && subscription && canAddSeats(subscription) ? (
      <AddSeatsButton subscription={subscription} current={seats.total} />
    ) : null;
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      {several ? (
        <SeatsCard seats={seats} ownKey={user.pluginKey} action={addSeats} />
      ) : (
        <>
          <PluginKeyCard pluginKey={user.pluginKey} />
          <LinkedAccountCard />
          {addSeats && (
            <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground lg:col-span-2">
              <span>Working with a team? Add seats: each person gets a plugin key of their own.</span>
              {addSeats}
            </div>
          )}
        </>
      )}
      <p className="flex items-center gap-2 text-sm text-muted-foreground lg:col-span-2">
        <FileCode2 className="size-4 shrink-0" aria-hidden />
        <span>
          Building a plugin? See the{" "}
          <a className="text-brand underline underline-offset-4" href="/api/plugin/docs">
            plugin API reference
          </a>
          .
        </span>
      </p>
    </div>
  );
}
