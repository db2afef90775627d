import { useState, type FormEvent } from "react";
import { Mail } from "lucide-react";
import { EmailField } from "../../components/email-field";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { useTestEmail } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";

/** The header's Test Email button: sends the test template to any address through the outbox. */
export function TestEmailDialog({ defaultEmail }: { defaultEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(defaultEmail);
  const [testKey, setTestKey] = useState("");
  const send = useTestEmail();

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate({ email: email.trim(), testKey: testKey.trim() }, {
      onSuccess: (answer) => {
        toast({ title: "Test Email Sent", description: answer.message });
        setOpen(false);
      },
      onError: () => toast({ title: "Email Test Failed", description: "Failed to send test email", variant: "destructive" }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline"><Mail aria-hidden /> Test Email</Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Send a test email</DialogTitle>
            <DialogDescription>Checks that e-mail delivery works. The message shows the test key you enter.</DialogDescription>
          </DialogHeader>
          <EmailField id="test-email-address" label="Email address" value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField id="test-email-key" label="Test key" value={testKey} maxLength={64} placeholder="Leave empty for a sample key"
            onChange={(e) => setTestKey(e.target.value)} />
          <DialogFooter>
            <Button type="submit" disabled={send.isPending}>{send.isPending ? "Sending..." : "Send Test Email"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
