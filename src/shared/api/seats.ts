/** The seats of a licence (docs/accounts.md#seats): GET /api/seats and the owner's changes to one seat. */
import { t, type Static } from "./type-system";
import { BodyInt, Int, IsoDate } from "./common";
import { INVALID_SEATS_MESSAGE, MAX_SEATS, MIN_SEATS, SEAT_LABEL_MAX } from "../seats";
import { buyerChoices, promotionCodeField, seatsField } from "./payments";
import { TaxModel } from "./tax";
import { fillSentence } from "../sentence";

/** A seat label's refusal; the answer carries `max` beside it. */
const LABEL_TOO_LONG = "A seat's label is at most {max} characters.";

const seat = t.Object({
  id: Int(),
  label: t.Nullable(t.String({ description: "The owner's name for the seat; null for none." })),
  keyPreview: t.Nullable(
    t.String({
      description:
        "The seat's plugin key with its middle hidden (ll_ABCD…WXYZ); null while the seat is free. The whole key is answered once, when it is made.",
    }),
  ),
  robloxUserId: t.Nullable(t.String({ description: "The Roblox account the seat's key is linked to, or null." })),
  lastValidatedAt: t.Nullable(IsoDate, {
    description: "The last valid validation with the seat's key (to the minute).",
  }),
});

const endedSeat = t.Object({
  id: Int(),
  label: t.Nullable(t.String()),
  keyPreview: t.Nullable(
    t.String({ description: "The ended seat's key with its middle hidden; it answers SEAT_ENDED." }),
  ),
  robloxUserId: t.Nullable(t.String({ description: "The Roblox account its key was linked to, or null." })),
  endedAt: IsoDate,
});

export const SeatsModel = {
  list: t.Object({
    seats: t.Array(seat, {
      description: "The licence's seats in the order they were given; seat 1 is the owner's key.",
    }),
    ended: t.Array(endedSeat, {
      description:
        "Seats that ended when the licence's seats went down and still hold a key or a linked account: POST /api/seats/:id/restore brings one back in place of a live seat.",
    }),
    total: Int({ description: "How many seats the licence has." }),
    used: Int({ description: "How many of them hold a key." }),
  }),
  seatParams: t.Object({ id: t.Integer({ minimum: 1, error: "No seat has this id." }) }),
  labelBody: t.Object({
    label: t.String({
      maxLength: SEAT_LABEL_MAX,
      error: fillSentence(LABEL_TOO_LONG, { max: SEAT_LABEL_MAX }),
      errorValues: { max: SEAT_LABEL_MAX },
      description: `At most ${SEAT_LABEL_MAX} characters; empty removes it.`,
    }),
  }),
  key: t.Object({
    key: t.String({
      description: "The seat's new plugin key (ll_ + 32 characters). Shown once: only its preview is kept on the page.",
    }),
    seat,
  }),
  seat,
  restoreBody: t.Object({
    instead: BodyInt({
      minimum: 1,
      error: "Pick the seat in use that ends instead.",
      description: "The live seat that ends in its place (not seat 1).",
    }),
  }),
  adminUserParams: t.Object({ id: t.Integer({ minimum: 1, error: "No account has this id." }) }),
  adminSeatsBody: t.Object({ seats: seatsField }),
  addBody: t.Object({
    seats: BodyInt({
      minimum: MIN_SEATS,
      maximum: MAX_SEATS - 1,
      error: INVALID_SEATS_MESSAGE,
      errorCode: "INVALID_SEATS",
      description: `How many seats to add (${MIN_SEATS}–${MAX_SEATS - 1}); the licence then has at most ${MAX_SEATS}. Each is priced to the whole days left of the running subscription (lifetime access: the plan's full price), then the promotion code and tax apply to the total.`,
    }),
    promotionCode: t.Optional(promotionCodeField),
    ...TaxModel.buyerLocation,
    ...buyerChoices,
  }),
  adminSeats: t.Object({
    seats: Int({ description: "How many seats the account has now." }),
    ended: Int({ description: "How many seats this change ended (the newest first)." }),
  }),
};

export type AddSeatsBody = Static<typeof SeatsModel.addBody>;
export type SeatView = Static<typeof seat>;
export type EndedSeatView = Static<typeof endedSeat>;
export type SeatsResponse = Static<typeof SeatsModel.list>;
export type SeatKeyResponse = Static<typeof SeatsModel.key>;
