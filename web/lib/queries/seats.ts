/** The seats of the signed-in account's licence: list, key, name, free (docs/accounts.md#seats). */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AddSeatsBody, PaymentIntentResponse, SeatKeyResponse, SeatsResponse, SeatView } from "@shared/api-types";
import { apiRequest } from "../api";
import { useWordsLanguage } from "../language";
import { queryClient } from "../query-client";
import { useSession } from "../session";
import { ME_QUERY_KEY } from "./auth";
import { LINKED_ACCOUNT_QUERY_KEY } from "./dashboard";

export const SEATS_QUERY_KEY = ["/api/seats"] as const;

export function useSeats() {
  const token = useSession((state) => state.token);
  return useQuery<SeatsResponse>({ queryKey: SEATS_QUERY_KEY, enabled: token !== null });
}

/** Seat 1's key and link are the account's own: what shows them is read again with the seats. */
export const refreshSeats = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: SEATS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: LINKED_ACCOUNT_QUERY_KEY }),
  ]);

/** A new key for a seat: the answer is the only time the whole key is shown. */
export function useGiveSeatKey() {
  return useMutation({
    mutationFn: (seatId: number) => apiRequest<SeatKeyResponse>("POST", `/api/seats/${seatId}/key`),
    onSuccess: refreshSeats,
  });
}

export function useLabelSeat() {
  return useMutation({
    mutationFn: ({ seatId, label }: { seatId: number; label: string }) =>
      apiRequest<SeatView>("PATCH", `/api/seats/${seatId}`, { label }),
    onSuccess: refreshSeats,
  });
}

export function useFreeSeat() {
  return useMutation({
    mutationFn: (seatId: number) => apiRequest<SeatView>("DELETE", `/api/seats/${seatId}/key`),
    onSuccess: refreshSeats,
  });
}

/** Keeps an ended seat (its key and Roblox account) instead of the live seat `instead`, which ends. */
export function useRestoreSeat() {
  return useMutation({
    mutationFn: ({ seatId, instead }: { seatId: number; instead: number }) =>
      apiRequest<SeatsResponse>("POST", `/api/seats/${seatId}/restore`, { instead }),
    onSuccess: refreshSeats,
  });
}

/** Starts the payment for more seats for the running subscription, priced to the days it has left. */
export function useAddSeats() {
  // The sale keeps the language the checkout is shown in.
  const language = useWordsLanguage();
  return useMutation({
    mutationFn: (body: AddSeatsBody) =>
      apiRequest<PaymentIntentResponse>("POST", "/api/seats/add", { ...body, language }),
  });
}
