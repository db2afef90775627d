import { failureToast } from "../../lib/failure-toast";
import { useState } from "react";
import { Gamepad2, RefreshCw, Unlink } from "lucide-react";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { isApiError } from "../../lib/api";
import { useLinkedAccount, useResetLinkedAccount, useRobloxProfile } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";
import { useT, type Translate } from "../../lib/language";

/** 'Try again in ~N min', N = the remaining milliseconds in minutes, rounded up. */
export function cooldownText(t: Translate, remainingMs: number): string {
  return t("dashboard.linked.cooldownText", { minutes: Math.max(1, Math.ceil(remainingMs / 60_000)) });
}

export function Avatar({ url, name }: { url: string | null; name: string }) {
  const [broken, setBroken] = useState(false);
  const t = useT();
  if (url && !broken) {
    return (
      <img
        src={url}
        alt={t("dashboard.linked.avatar", { name })}
        width={64}
        height={64}
        onError={() => setBroken(true)}
        className="size-16 rounded-full border border-border bg-muted object-cover"
      />
    );
  }
  return (
    <div
      aria-hidden
      className="flex size-16 items-center justify-center rounded-full border border-border bg-accent text-xl font-semibold text-accent-foreground"
    >
      {name.charAt(0).toUpperCase() || "?"}
    </div>
  );
}

function LinkedProfile({ id }: { id: string }) {
  const profile = useRobloxProfile(id);
  const t = useT();
  if (profile.isLoading) return <Skeleton className="h-16" />;
  const username = profile.data?.username ?? null;
  const displayName = profile.data?.displayName ?? null;
  const name = displayName ?? username ?? t("dashboard.roblox.user");
  return (
    <div className="flex items-center gap-4">
      <Avatar url={profile.data?.avatarUrl ?? null} name={name} />
      <div className="min-w-0">
        <p className="truncate font-medium" data-testid="linked-name">
          {name}
        </p>
        {username && <p className="truncate text-sm text-muted-foreground">@{username}</p>}
        <p className="text-sm text-muted-foreground">
          ID:{" "}
          <span className="font-mono" data-testid="linked-id">
            {id}
          </span>
        </p>
      </div>
    </div>
  );
}

/** Frees the key for another Roblox account, once per cooldown. */
function ResetLinkedAccount({ cooldownHours }: { cooldownHours: number }) {
  const reset = useResetLinkedAccount();
  const t = useT();

  function resetAccount(close: () => void) {
    reset.mutate(undefined, {
      onSettled: close,
      onSuccess: () =>
        toast({ title: t("dashboard.linked.resetDone"), description: t("dashboard.linked.resetDoneText") }),
      onError: (error) => {
        if (isApiError(error, 429)) {
          const remaining = Number((error.body as { remainingMs?: number } | null)?.remainingMs ?? 0);
          failureToast(t("dashboard.linked.cooldown"), cooldownText(t, remaining))(error);
          return;
        }
        failureToast(t("dashboard.failed"), t("dashboard.linked.resetFailed"))(error);
      },
    });
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={reset.isPending}>
          <Unlink aria-hidden /> {reset.isPending ? t("dashboard.linked.resetting") : t("dashboard.linked.reset")}
        </Button>
      }
      title={t("dashboard.linked.resetTitle")}
      description={t("dashboard.linked.resetText", { hours: cooldownHours })}
      confirmLabel={reset.isPending ? t("dashboard.linked.resetting") : t("dashboard.linked.resetConfirm")}
      destructive
      pending={reset.isPending}
      onConfirm={resetAccount}
    />
  );
}

export function LinkedAccountCard() {
  const linked = useLinkedAccount();
  const id = linked.data?.linkedRobloxAccountId ?? null;
  const t = useT();

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-base">
          <Gamepad2 className="size-5 text-brand" aria-hidden /> {t("dashboard.linked.title")}
        </CardTitle>
        <CardDescription>{t("dashboard.linked.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {linked.isLoading ? (
          <Skeleton className="h-16" />
        ) : linked.isError ? (
          <p className="text-sm text-destructive-text">{t("dashboard.linked.loadFailed")}</p>
        ) : id ? (
          <LinkedProfile id={id} />
        ) : (
          <div className="grid gap-2 text-sm text-muted-foreground">
            <p>{t("dashboard.linked.none")}</p>
            <ol className="list-decimal space-y-1 pl-5 marker:text-brand">
              <li>{t("dashboard.linked.step1")}</li>
              <li>{t("dashboard.linked.step2")}</li>
              <li>{t("dashboard.linked.step3")}</li>
            </ol>
          </div>
        )}
      </CardContent>
      {id ? (
        <CardFooter>
          <ResetLinkedAccount cooldownHours={linked.data?.resetCooldownHours ?? 0} />
        </CardFooter>
      ) : (
        !linked.isLoading && (
          <CardFooter>
            <Button variant="outline" onClick={() => linked.refetch()} disabled={linked.isFetching}>
              <RefreshCw aria-hidden className={linked.isFetching ? "animate-spin" : undefined} />{" "}
              {t("dashboard.linked.refresh")}
            </Button>
          </CardFooter>
        )
      )}
    </Card>
  );
}
