/** The buttons a plugin key has, on the one-seat Plugin tab and on each seat: make or replace it, and copy it. */
import type { ReactNode } from "react";
import { Check, Copy } from "lucide-react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useCopy } from "../../lib/clipboard";
import { toast } from "../../lib/use-toast";
import { useT } from "../../lib/language";

/**
 * Makes a key at once, or, when one is in use, asks first: replacing it stops the old key at once. `button` is the
 * trigger; `onGenerate` gets the dialog's close when it asked.
 */
export function GenerateKeyButton({
  button,
  replacing,
  title,
  description,
  confirmLabel,
  pending,
  onGenerate,
}: {
  button: ReactNode;
  replacing: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  onGenerate: (close?: () => void) => void;
}) {
  const t = useT();
  if (!replacing) return button;
  return (
    <ConfirmDialog
      trigger={button}
      title={title}
      description={description}
      confirmLabel={pending ? t("dashboard.key.generating") : confirmLabel}
      destructive
      pending={pending}
      onConfirm={onGenerate}
    />
  );
}

/** Copies a key; a browser that refuses says so in a toast. `saidWhenCopied`: a toast when it worked too. */
export function CopyKeyButton({
  text,
  small = false,
  saidWhenCopied = false,
}: {
  text: string;
  small?: boolean;
  saidWhenCopied?: boolean;
}) {
  const { copied, copy } = useCopy();
  const t = useT();
  async function onCopy() {
    if (await copy(text)) {
      if (saidWhenCopied) toast({ title: t("dashboard.key.copied"), description: t("dashboard.key.paste") });
    } else toast({ variant: "destructive", title: t("dashboard.failed"), description: t("dashboard.key.copyFailed") });
  }
  return (
    <Button
      size={small ? "sm" : undefined}
      variant="outline"
      onClick={onCopy}
      aria-label={copied ? t("dashboard.key.copied") : t("dashboard.key.copyLabel")}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}{" "}
      {copied ? t("dashboard.key.copied") : t("dashboard.key.copy")}
    </Button>
  );
}
