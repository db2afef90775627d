/**
 * Seats (docs/accounts.md#seats): the people a licence is for, each with a plugin key of their own. Seat 1 is the
 * owner's own key, which stays where it always was (users.figma_key, users.linked_roblox_account_id), so a licence of
 * one seat validates exactly as before; its row here holds only its label. Seats 2… hold their key and linked
 * account here. The rows are the count: one per seat the account has, made when a key with seats is redeemed, so a
 * seat can hold one key and there can never be more keys than seats.
 */
import type { Columns, Referenced } from "./columns";

export function seatTables(b: Columns, { users }: Record<"users", Referenced>) {
  const seats = b.table(
    "seats",
    {
      id: b.id("id"),
      /** The licence's owner: the account that redeemed the key, who hands the seats out. */
      userId: b
        .int("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      /** 1, 2, … in the order the seats were given; seat 1 is the owner's own key. */
      position: b.int("position").notNull(),
      /** The owner's name for the seat ("Ana, level design"), at most 60 characters. */
      label: b.text("label"),
      /** The seat's plugin key (`ll_…`); null while the seat is free, and always for seat 1 (its key is the owner's). */
      pluginKey: b.text("plugin_key").unique(),
      /** The Roblox account the key is linked to by its first valid validation (seats 2…). */
      linkedRobloxAccountId: b.text("linked_roblox_account_id"),
      linkedAt: b.ms("linked_at"),
      /** The last valid validation with the seat's key (written at most once a minute). */
      lastValidatedAt: b.ms("last_validated_at"),
      /** When the seat stopped existing (the licence's seats went down): its key then answers SEAT_ENDED. */
      endedAt: b.ms("ended_at"),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.uniqueIndex("seats_user_position").on(t.userId, t.position)],
  );
  return { seats };
}
