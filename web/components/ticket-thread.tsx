/** A support ticket's messages in order, as its sender's page and the admin panel both show them. */
import { Headset, UserRound } from "lucide-react";
import { cn } from "../lib/utils";
import { usePageLanguage } from "../lib/language";
import { DEFAULT_LANGUAGE, languageInfo } from "@shared/languages";

export interface ThreadMessage {
  author: "buyer" | "support";
  body: string;
  createdAt: string;
}

export const formatMessageTime = (iso: string, locale = "en-US") =>
  new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });

/** `name(message)`: who wrote it, in the reader's words ("You", "Layerlift Support", an address). */
export function TicketThread<M extends ThreadMessage>({
  messages,
  name,
  label,
}: {
  messages: readonly M[];
  name: (message: M) => string;
  label: string;
}) {
  // The page's language, or English on a screen not translated yet.
  const { language, translated } = usePageLanguage();
  const locale = !translated || language === DEFAULT_LANGUAGE ? "en-US" : languageInfo(language).tag;
  return (
    <ol aria-label={label} className="grid gap-4">
      {messages.map((message, i) => {
        const support = message.author === "support";
        const Icon = support ? Headset : UserRound;
        return (
          <li
            key={i}
            className={cn(
              "grid gap-2 rounded-lg border p-4",
              support ? "border-brand/30 bg-accent/40" : "border-border bg-card",
            )}
          >
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
              <span className="flex min-w-0 items-center gap-2 font-medium">
                <Icon aria-hidden className={cn("size-4 shrink-0", support ? "text-brand" : "text-muted-foreground")} />
                <span className="break-words">{name(message)}</span>
              </span>
              <time dateTime={message.createdAt} className="text-xs text-muted-foreground tabular-nums">
                {formatMessageTime(message.createdAt, locale)}
              </time>
            </div>
            <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
