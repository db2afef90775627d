import { useState } from "react";
import { failureToast } from "../../lib/failure-toast";
import { Mail } from "lucide-react";
import { EmailField } from "../../components/email-field";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { useTestEmail } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";

/** The header's Test Email button: sends the test template to any address through the outbox. */
export function TestEmailDialog({ defaultEmail }: { defaultEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(defaultEmail);
  const [testKey, setTestKey] = useState("");
  const send = useTestEmail();

  function submit() {
    send.mutate(
      { email: email.trim(), testKey: testKey.trim() },
      {
        onSuccess: (answer) => {
          toast({ title: "Test Email Sent", description: answer.message });
          setOpen(false);
        },
        onError: failureToast("Email Test Failed", "Failed to send test email"),
      },
    );
  }

  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <Mail aria-hidden /> Test Email
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Send a test email"
      description="Checks that e-mail delivery works. The message shows the test key you enter."
      submitLabel="Send Test Email"
      pendingText="Sending..."
      pending={send.isPending}
      onSubmit={submit}
    >
      <EmailField
        id="test-email-address"
        label="Email address"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        id="test-email-key"
        label="Test key"
        value={testKey}
        maxLength={64}
        placeholder="Leave empty for a sample key"
        onChange={(e) => setTestKey(e.target.value)}
      />
    </FormDialog>
  );
}
