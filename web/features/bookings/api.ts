import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  BOOKING_IDEMPOTENCY_HEADER,
  type BookingDetail,
  bookingApiPath,
  bookingsApiPath,
  bookingTimesApiPath,
  type CreateBookingRequest,
  ZBookingActionResponse,
  ZBookingDetail,
  ZBookingList,
  ZBookingPayResponse,
  ZBookingTimes,
  ZCreateBookingResponse,
} from "../../../contracts/bookings.ts";
import { REALTIME_TOPICS } from "../../../contracts/realtime.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { subscribeEvents } from "../../lib/events.ts";
import { formatCents } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { bookingKeys } from "./keys.ts";
import { ACTION_DONE, ACTION_FAILED } from "./strings.ts";

export { bookingKeys };

export function useBookingList() {
  return useQuery({
    queryKey: bookingKeys.list,
    queryFn: ({ signal }) => apiRequest("GET", bookingsApiPath, ZBookingList, { signal }),
    meta: { errorTitle: "Failed to load bookings" },
  });
}

/** One booking; `enabled: false` keeps a closed dialog from loading it. */
export function useBooking(id: string, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => apiRequest("GET", bookingApiPath(id), ZBookingDetail, { signal }),
    enabled: enabled && Boolean(id),
    retry: false,
  });
}

/** The start times a creator can take on a date (in their zone) for a session of `hours`. */
export function useBookingTimes(creatorId: string, date: string, hours: number) {
  return useQuery({
    queryKey: bookingKeys.times(creatorId, date, hours),
    queryFn: ({ signal }) =>
      apiRequest(
        "GET",
        `${bookingTimesApiPath(creatorId)}?date=${encodeURIComponent(date)}&hours=${hours}`,
        ZBookingTimes,
        { signal },
      ),
    enabled: Boolean(creatorId && date && hours >= 1),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}

export { newIdempotencyKey } from "../../lib/payment-tab.ts";

export function createBooking(body: CreateBookingRequest, idempotencyKey: string) {
  return apiRequest("POST", bookingsApiPath, ZCreateBookingResponse, {
    body,
    headers: { [BOOKING_IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export type SimpleAction = "accept" | "decline" | "cancel" | "report_problem" | "resolve_problem";
const ACTION_PATHS: Record<SimpleAction, string> = {
  accept: "accept",
  decline: "decline",
  cancel: "cancel",
  report_problem: "report-problem",
  resolve_problem: "resolve-problem",
};

/** Accept, decline, cancel, report or resolve a problem; the answer replaces the cached detail. */
export function useBookingAction(action: SimpleAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: object }) =>
      apiRequest("POST", `${bookingApiPath(id)}/${ACTION_PATHS[action]}`, ZBookingActionResponse, {
        body: body ?? {},
      }),
    meta: { errorTitle: ACTION_FAILED[action] },
    // The toast lives here, not in the caller's mutate() callbacks: the card that asked is
    // often gone by then (the live update moved the booking to another list).
    onSuccess: ({ booking }) => {
      client.setQueryData(bookingKeys.detail(booking.id), booking);
      toast.success(ACTION_DONE[action], { description: actionDoneDetail(action, booking) });
    },
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

function actionDoneDetail(action: SimpleAction, booking: BookingDetail): string | undefined {
  if (action === "report_problem") {
    return "The remaining balance will not be charged while we look into it.";
  }
  if (action === "resolve_problem") {
    return booking.status === "cancelled"
      ? "The booking is cancelled; the client's deposit is refunded in full."
      : "The remaining balance is captured and the session completes.";
  }
  if (action !== "cancel") return undefined;
  const refund = Math.max(booking.payment.refundedCents, booking.payment.refundDueCents);
  const to = booking.viewerRole === "client" ? "to you" : "to the client";
  return refund
    ? `${formatCents(refund)} will be refunded ${to}.`
    : "No refund is due under the cancellation policy.";
}

/** Pay an unpaid booking's deposit, or approve a new hold: answers with the provider's order. */
export function usePayAction(action: "pay" | "approve_remainder") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(
        "POST",
        `${bookingApiPath(id)}/${action === "pay" ? "pay" : "approve-remainder"}`,
        ZBookingPayResponse,
        { body: {} },
      ),
    onSuccess: ({ booking }) => client.setQueryData(bookingKeys.detail(booking.id), booking),
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/**
 * A booking of the viewer changed (either party, a payment, a job): reload the lists, details
 * and the open-request count. A dropped stream replays what it missed; when it cannot, reload.
 */
export function useLiveBookings() {
  const client = useQueryClient();
  useEffect(() => {
    const reload = () => void client.invalidateQueries({ queryKey: bookingKeys.all });
    return subscribeEvents(REALTIME_TOPICS.bookings, { onEvent: reload, onResync: reload });
  }, [client]);
}
