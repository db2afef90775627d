/** One seat of a licence for several people: its name, its key (made, copied, replaced), its Roblox account, freeing it. */
import { useState, type FormEvent } from "react";
import { KeyRound, Pencil, UserMinus } from "lucide-react";
import type { SeatView } from "@shared/api-types";
import { SEAT_LABEL_MAX } from "@shared/seats";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { TextField } from "../../components/ui/text-field";
import { Skeleton } from "../../components/ui/skeleton";
import { useRobloxProfile } from "../../lib/queries/dashboard";
import { useFreeSeat, useGiveSeatKey, useLabelSeat } from "../../lib/queries/seats";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/use-toast";
import { Avatar } from "./linked-account-card";
import { CopyKeyButton, GenerateKeyButton } from "./key-buttons";
import { useT, type Translate } from "../../lib/language";
import { useFormats } from "./time";

const failed = (t: Translate, description: string) =>
  toast({ variant: "destructive", title: t("dashboard.failed"), description });

/** "Seat 2", or "Seat 2: Alex" once named. */
export const seatName = (t: Translate, number: number, label: string | null) =>
  label ? t("dashboard.seats.named", { number, label }) : t("dashboard.seats.seat", { number });

export function SeatAccount({ id }: { id: string | null }) {
  const profile = useRobloxProfile(id);
  const t = useT();
  if (id === null) return <p className="text-sm text-muted-foreground">{t("dashboard.seats.noAccount")}</p>;
  if (profile.isLoading) return <Skeleton className="h-10" />;
  const name = profile.data?.displayName ?? profile.data?.username ?? t("dashboard.roblox.user");
  return (
    <div className="flex items-center gap-3 [&_img]:size-10 [&>div:first-child]:size-10">
      <Avatar url={profile.data?.avatarUrl ?? null} name={name} />
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-muted-foreground">
          {profile.data?.username ? `@${profile.data.username} · ` : ""}ID <span className="font-mono">{id}</span>
        </p>
      </div>
    </div>
  );
}

function SeatLabel({ seat, number }: { seat: SeatView; number: number }) {
  const save = useLabelSeat();
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(seat.label ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { seatId: seat.id, label: text },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => failed(t, error.message || t("dashboard.seats.nameFailed")),
      },
    );
  };
  if (editing)
    return (
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          id={`seat-label-${seat.id}`}
          label={t("dashboard.seats.nameLabel", { number })}
          maxLength={SEAT_LABEL_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="w-56"
        />
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t("dashboard.save")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          {t("dialog.cancel")}
        </Button>
      </form>
    );
  return (
    <div className="flex items-center gap-2">
      <h3 className="font-medium">{seatName(t, number, seat.label)}</h3>
      <Button
        size="sm"
        variant="ghost"
        aria-label={t("dashboard.seats.rename", { number })}
        onClick={() => {
          setText(seat.label ?? "");
          setEditing(true);
        }}
      >
        <Pencil aria-hidden />
      </Button>
    </div>
  );
}

/**
 * `fullKey`: the whole key when this page has it (seat 1's is the account's own; another seat's only right after it
 * was made): shown with a Copy button. Otherwise only the key's ends.
 */
export function SeatRow({ seat, number, ownKey }: { seat: SeatView; number: number; ownKey: string | null }) {
  const give = useGiveSeatKey();
  const t = useT();
  const { dateTime } = useFormats();
  const [shown, setShown] = useState<string | null>(null);
  const fullKey = number === 1 ? ownKey : shown;
  const hasKey = seat.keyPreview !== null;

  function generate(close?: () => void) {
    give.mutate(seat.id, {
      onSuccess: (answer) => {
        setShown(answer.key);
        if (number === 1) useSession.getState().updateUser({ pluginKey: answer.key });
        toast({ title: t("dashboard.key.generated"), description: t("dashboard.seats.generatedText") });
      },
      onError: () => failed(t, t("dashboard.key.failed")),
      onSettled: close,
    });
  }
  const generateButton = (
    <Button size="sm" onClick={hasKey ? undefined : () => generate()} disabled={give.isPending}>
      <KeyRound aria-hidden />{" "}
      {give.isPending
        ? t("dashboard.key.generating")
        : hasKey
          ? t("dashboard.seats.replace")
          : t("dashboard.seats.generate")}
    </Button>
  );

  return (
    <li className="grid content-start gap-3 rounded-md border border-border p-4" data-testid="seat">
      <SeatLabel seat={seat} number={number} />
      <SeatKey preview={seat.keyPreview} fullKey={hasKey ? fullKey : null} onlyOnce={shown !== null && number !== 1} />
      <SeatAccount id={seat.robloxUserId} />
      <p className="text-xs text-muted-foreground">
        {seat.lastValidatedAt
          ? t("dashboard.seats.lastValidated", { date: dateTime(seat.lastValidatedAt) })
          : t("dashboard.seats.notValidated")}
      </p>
      <div className="flex flex-wrap gap-2">
        <GenerateKeyButton
          button={generateButton}
          replacing={hasKey}
          title={t("dashboard.seats.replaceTitle", { number })}
          description={t("dashboard.seats.replaceText")}
          confirmLabel={t("dashboard.seats.replace")}
          pending={give.isPending}
          onGenerate={generate}
        />
        {fullKey && hasKey && <CopyKeyButton text={fullKey} small />}
        {hasKey && <FreeSeatButton seatId={seat.id} number={number} onFreed={() => setShown(null)} />}
      </div>
    </li>
  );
}

/** The seat's key: whole when this page has it, else its ends, or "Free". */
function SeatKey({
  preview,
  fullKey,
  onlyOnce,
}: {
  preview: string | null;
  fullKey: string | null;
  onlyOnce: boolean;
}) {
  const t = useT();
  return (
    <div className="grid gap-1">
      <div
        className="rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs break-all sm:text-sm"
        data-testid="seat-key"
      >
        {fullKey ?? preview ?? <span className="font-sans text-muted-foreground">{t("dashboard.seats.free")}</span>}
      </div>
      {onlyOnce && <p className="text-xs text-muted-foreground">{t("dashboard.seats.onlyOnce")}</p>}
    </div>
  );
}

/** Frees the seat: its key stops at once and its Roblox account is unlinked. */
function FreeSeatButton({ seatId, number, onFreed }: { seatId: number; number: number; onFreed: () => void }) {
  const free = useFreeSeat();
  const t = useT();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" disabled={free.isPending}>
          <UserMinus aria-hidden /> {t("dashboard.seats.freeButton")}
        </Button>
      }
      title={t("dashboard.seats.freeTitle", { number })}
      description={t("dashboard.seats.freeText")}
      confirmLabel={free.isPending ? t("dashboard.seats.freeing") : t("dashboard.seats.freeButton")}
      destructive
      pending={free.isPending}
      onConfirm={(close) =>
        free.mutate(seatId, {
          onSuccess: onFreed,
          onError: (error) => failed(t, error.message || t("dashboard.seats.freeFailed")),
          onSettled: close,
        })
      }
    />
  );
}
