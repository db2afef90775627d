import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, jsonBodyFailures } from "@shared/api/common";
import { SeatsModel } from "@shared/api/seats";
import { PluginModel } from "@shared/api/plugin";
import { authGuard } from "../../http/guard";
import { freeSeat, giveSeatKey, labelSeat, listSeats } from "./keys";
import { adminSetSeats } from "./admin";
import { restoreSeat } from "./restore";

/** The licence owner's seats (docs/accounts.md#seats): list, key, label, free. Another account's seat is a 404. */
export function seatRoutes(deps: AppDeps) {
  // Tagged per route: the admins' route is under Admin only (the admin guard tags it), listed once.
  const restoreThenList = async (userId: number, seatId: number, instead: number) => {
    await restoreSeat(deps, userId, seatId, instead);
    return listSeats(deps, userId);
  };
  return new Elysia()
    .use(authGuard(deps))
    .get("/api/seats", ({ user }) => listSeats(deps, user.id), {
      signedIn: true,
      response: { 200: SeatsModel.list, ...failures(404) },
      detail: {
        tags: ["Account"],
        summary: "The seats of the account's licence",
        description:
          "One per person the licence is for, in the order they were given. Seat 1 is the account's own plugin key (the one POST /api/figma/generate-key makes); a licence bought with several seats has more.",
      },
    })
    .post("/api/seats/:id/key", ({ user, params }) => giveSeatKey(deps, user.id, params.id), {
      signedIn: true,
      params: SeatsModel.seatParams,
      response: { 200: SeatsModel.key, ...failures(404, 422) },
      detail: {
        tags: ["Account"],
        summary: "Generate or replace a seat's plugin key",
        description:
          "The new key is answered once; the seat's old key stops working at once (its linked Roblox account stays). 404 for a seat that is not the account's.",
      },
    })
    .patch("/api/seats/:id", ({ user, params, body }) => labelSeat(deps, user.id, params.id, body.label), {
      signedIn: true,
      params: SeatsModel.seatParams,
      body: SeatsModel.labelBody,
      response: { 200: SeatsModel.seat, ...jsonBodyFailures, ...failures(404) },
      detail: { tags: ["Account"], summary: "Name a seat" },
    })
    .delete("/api/seats/:id/key", ({ user, params }) => freeSeat(deps, user.id, params.id), {
      signedIn: true,
      params: SeatsModel.seatParams,
      response: { 200: SeatsModel.seat, ...failures(404, 409, 422), 429: PluginModel.cooldown },
      detail: {
        tags: ["Account"],
        summary: "Free a seat",
        description:
          "Its key stops working and its Roblox account is unlinked, so the seat can be given to someone else. 409 ONLY_SEAT for the only seat of a one-seat licence. Seat 1 is the account's own key: freeing it while its Roblox account is linked is held to the owner's reset cooldown (429 COOLDOWN_ACTIVE with remainingMs) and starts a new one.",
      },
    })
    .post("/api/seats/:id/restore", ({ user, params, body }) => restoreThenList(user.id, params.id, body.instead), {
      signedIn: true,
      params: SeatsModel.seatParams,
      body: SeatsModel.restoreBody,
      response: { 200: SeatsModel.list, ...jsonBodyFailures, ...failures(404, 409) },
      detail: {
        tags: ["Account"],
        summary: "Keep an ended seat instead of a live one",
        description:
          "After the licence's seats went down, the ended seat :id comes back with its key, label and linked Roblox account, and the live seat `instead` ends (its key then answers SEAT_ENDED): the count stays what the licence pays for. 404 for a seat that is not the account's; 409 SEAT_NOT_ENDED for a seat in use, OWN_SEAT for seat 1 as `instead`, SEAT_ALREADY_ENDED for an ended `instead`. Answers the seats as GET /api/seats.",
      },
    })
    .put("/api/admin/users/:id/seats", ({ user, params, body }) => adminSetSeats(deps, user, params.id, body.seats), {
      admin: true,
      params: SeatsModel.adminUserParams,
      body: SeatsModel.adminSeatsBody,
      response: { 200: SeatsModel.adminSeats, ...jsonBodyFailures, ...failures(404) },
      detail: {
        summary: "Set an account's seat count (goodwill)",
        description:
          "1–100 (else 422 INVALID_SEATS). Seats up to the count exist afterwards; the newest beyond it end, their keys answering SEAT_ENDED. Audited as seats.set.",
      },
    });
}
