/** "N active users right now" (SPEC.md §2), singular for one. */
export function ActiveUserCount({ count }: { count: number }) {
  return (
    <span>
      <span className="font-semibold text-foreground">{count.toLocaleString("en-US")}</span> {count === 1 ? "active user" : "active users"} right now
    </span>
  );
}
