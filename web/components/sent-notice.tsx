import { MailCheck } from "lucide-react";

/** What a dialog shows once its e-mail is on the way: the server's sentence, in green, with the envelope's tick. */
export function SentNotice({ message }: { message: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
      <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      <p>{message}</p>
    </div>
  );
}
