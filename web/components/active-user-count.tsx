import { richMessage, useT } from "../lib/language";

/** "N active users right now", singular for one. */
export function ActiveUserCount({ count }: { count: number }) {
  const t = useT();
  return (
    <span>
      {richMessage(t("home.activeUsers", { count }), [
        (number) => <span className="font-semibold text-foreground">{number}</span>,
      ])}
    </span>
  );
}
