import { EmailRequestDialog } from "../../components/email-request-dialog";
import { useForgotPassword } from "../../lib/queries/password-reset";

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the login form's e-mail field holds, to save retyping. */
  initialEmail?: string;
}

/** The login screen's Forgot password: asks for the e-mail and sends a reset link. */
export function ForgotPasswordDialog({ open, onOpenChange, initialEmail = "" }: ForgotPasswordDialogProps) {
  const forgot = useForgotPassword();
  return (
    <EmailRequestDialog
      open={open}
      onOpenChange={onOpenChange}
      initialEmail={initialEmail}
      request={forgot}
      title="Reset your password"
      description="Enter the e-mail of your account and we'll send you a link to choose a new password."
      fieldId="forgot-email"
      fieldLabel="Email"
      submitLabel="Send Reset Link"
      failureFallback="Could not send the reset link"
    />
  );
}
