import { useState } from "react";
import { EmailRequestDialog } from "./email-request-dialog";
import { useResendKeys } from "../lib/queries/checkout";
import { cn } from "../lib/utils";
import { useT } from "../lib/language";

const linkClasses =
  "cursor-pointer rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring";

/**
 * "Can't find your key?": a link that opens a dialog taking the purchase e-mail; every key bought
 * with it is e-mailed again. On the result page, on sign-up and on the support page.
 */
export function LostKeyDialog({ initialEmail = "", className }: { initialEmail?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const resend = useResendKeys();
  const t = useT();
  return (
    <>
      <button type="button" className={cn(linkClasses, className)} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t("lostKey.open")}
      </button>
      <EmailRequestDialog
        open={open}
        onOpenChange={setOpen}
        initialEmail={initialEmail}
        request={resend}
        title={t("lostKey.title")}
        description={t("lostKey.description")}
        fieldId="lost-key-email"
        fieldLabel={t("lostKey.label")}
        submitLabel={t("lostKey.submit")}
        failureFallback={t("lostKey.failed")}
        sentText={t("lostKey.sent")}
      />
    </>
  );
}
