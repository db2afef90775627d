import { EmailRequestDialog } from "../../components/email-request-dialog";
import { useForgotPassword } from "../../lib/queries/password-reset";
import { useT } from "../../lib/language";

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the login form's e-mail field holds, to save retyping. */
  initialEmail?: string;
}

/** The login screen's Forgot password: asks for the e-mail and sends a reset link. */
export function ForgotPasswordDialog({ open, onOpenChange, initialEmail = "" }: ForgotPasswordDialogProps) {
  const forgot = useForgotPassword();
  const t = useT();
  return (
    <EmailRequestDialog
      open={open}
      onOpenChange={onOpenChange}
      initialEmail={initialEmail}
      request={forgot}
      title={t("forgot.title")}
      description={t("forgot.description")}
      fieldId="forgot-email"
      fieldLabel={t("auth.email")}
      submitLabel={t("forgot.submit")}
      failureFallback={t("forgot.failed")}
      sentText={t("forgot.sent")}
    />
  );
}
