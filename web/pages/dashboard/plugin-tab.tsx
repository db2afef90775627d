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
import { richMessage, useT } from "../../lib/language";

function PluginKeyCard({ pluginKey }: { pluginKey: string | null }) {
  const generate = useGeneratePluginKey();
  const t = useT();

  function generateKey(close?: () => void) {
    // Only a replaced key stops working; the first key replaces nothing.
    const replaced = pluginKey !== null;
    generate.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t("dashboard.key.generated"),
          description: replaced ? t("dashboard.key.pasteNew") : t("dashboard.key.paste"),
        }),
      onError: failureToast(t("dashboard.failed"), t("dashboard.key.failed")),
      onSettled: close,
    });
  }

  const generateButton = (
    <Button onClick={pluginKey ? undefined : () => generateKey()} disabled={generate.isPending}>
      {generate.isPending ? t("dashboard.key.generating") : t("dashboard.key.generate")}
    </Button>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-base">
          <KeyRound className="size-5 text-brand" aria-hidden /> {t("dashboard.key.title")}
        </CardTitle>
        <CardDescription>{t("dashboard.key.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div
          // 35 characters: one line on a 390 px phone at text-xs; narrower screens still break it rather than overflow.
          className="rounded-md border border-border bg-muted px-3 py-2.5 font-mono text-xs break-all sm:text-sm"
          data-testid="plugin-key"
        >
          {pluginKey ?? <span className="font-sans text-muted-foreground">{t("dashboard.key.none")}</span>}
        </div>
        {!pluginKey && (
          <p className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
            <BookOpen className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
            <span>
              {richMessage(t("dashboard.key.firstTime"), [
                (text) => (
                  <Link href={GUIDE_PATH} className="font-medium text-brand underline underline-offset-4">
                    {text}
                  </Link>
                ),
              ])}
            </span>
          </p>
        )}
        <p className="mt-3 text-sm text-muted-foreground">
          {t("dashboard.key.noPlugin")} <PluginStoreLink>{t("dashboard.key.store")}</PluginStoreLink>
        </p>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        {/* Replacing a key in use breaks the plugin until the new one is pasted: ask first. */}
        <GenerateKeyButton
          button={generateButton}
          replacing={pluginKey !== null}
          title={t("dashboard.key.regenerateTitle")}
          description={t("dashboard.key.regenerateText")}
          confirmLabel={t("dashboard.key.regenerate")}
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
  const t = useT();
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
              <span>{t("dashboard.seats.team")}</span>
              {addSeats}
            </div>
          )}
        </>
      )}
      <p className="flex items-center gap-2 text-sm text-muted-foreground lg:col-span-2">
        <FileCode2 className="size-4 shrink-0" aria-hidden />
        <span>
          {richMessage(t("dashboard.key.apiReference"), [
            (text) => (
              <a className="text-brand underline underline-offset-4" href="/api/plugin/docs">
                {text}
              </a>
            ),
          ])}
        </span>
      </p>
    </div>
  );
}
