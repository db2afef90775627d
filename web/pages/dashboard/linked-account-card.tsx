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

/** 'Try again in ~N min', N = the remaining milliseconds in minutes, rounded up. */
export function cooldownText(remainingMs: number): string {
  return `Try again in ~${Math.max(1, Math.ceil(remainingMs / 60_000))} min`;
}

export function Avatar({ url, name }: { url: string | null; name: string }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return (
      <img
        src={url}
        alt={`Avatar of ${name}`}
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
  if (profile.isLoading) return <Skeleton className="h-16" />;
  const username = profile.data?.username ?? null;
  const displayName = profile.data?.displayName ?? null;
  const name = displayName ?? username ?? "Roblox user";
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

  function resetAccount(close: () => void) {
    reset.mutate(undefined, {
      onSettled: close,
      onSuccess: () =>
        toast({ title: "Account reset", description: "The next Roblox account that validates the key is linked." }),
      onError: (error) => {
        if (isApiError(error, 429)) {
          const remaining = Number((error.body as { remainingMs?: number } | null)?.remainingMs ?? 0);
          failureToast("Cooldown active", cooldownText(remaining))(error);
          return;
        }
        failureToast("Failed", "Could not reset linked account")(error);
      },
    });
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={reset.isPending}>
          <Unlink aria-hidden /> {reset.isPending ? "Resetting…" : "Reset Linked Account"}
        </Button>
      }
      title="Reset the linked account?"
      description={
        <>
          The next Roblox account that validates your plugin key is linked instead. After a reset you can't reset again
          for {cooldownHours} {cooldownHours === 1 ? "hour" : "hours"}.
        </>
      }
      confirmLabel={reset.isPending ? "Resetting…" : "Yes, reset it"}
      destructive
      pending={reset.isPending}
      onConfirm={resetAccount}
    />
  );
}

export function LinkedAccountCard() {
  const linked = useLinkedAccount();
  const id = linked.data?.linkedRobloxAccountId ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-base">
          <Gamepad2 className="size-5 text-brand" aria-hidden /> Linked Roblox account
        </CardTitle>
        <CardDescription>
          The key works for one Roblox account: the first one that uses it in the plugin.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {linked.isLoading ? (
          <Skeleton className="h-16" />
        ) : linked.isError ? (
          <p className="text-sm text-destructive-text">Could not load the linked account.</p>
        ) : id ? (
          <LinkedProfile id={id} />
        ) : (
          <div className="grid gap-2 text-sm text-muted-foreground">
            <p>No account linked yet. Linking happens by itself:</p>
            <ol className="list-decimal space-y-1 pl-5 marker:text-brand">
              <li>Open the plugin in Studio, signed in with the Roblox account you build with.</li>
              <li>Paste your plugin key into it.</li>
              <li>The first time the plugin validates the key, that account is linked here.</li>
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
              <RefreshCw aria-hidden className={linked.isFetching ? "animate-spin" : undefined} /> Refresh
            </Button>
          </CardFooter>
        )
      )}
    </Card>
  );
}
