/** "N active users right now", singular for one. */
export function ActiveUserCount({ count }: { count: number }) {
  return (
    <span>
      <span className="font-semibold text-foreground">{count.toLocaleString("en-US")}</span>{" "}
      {count === 1 ? "active user" : "active users"} right now
    </span>
  );
}
