import { useNavigate } from "react-router";
import { bookingPagePath, type CreateBookingRequest } from "../../../contracts/bookings.ts";
import { isApiError } from "../../lib/api-errors.ts";
import { usePaymentSubmit } from "../../lib/use-payment-submit.ts";
import { createBooking } from "./api.ts";
import { BOOKING_FAILED, PLEASE_TRY_AGAIN } from "./strings.ts";

/**
 * Creates a booking and sends a new tab to the provider's approval page (spec §4, §8), then
 * shows the booking. `book` must be called inside the click: it opens the tab at once.
 */
export function useCreateBooking({ onSlotTaken }: { onSlotTaken: () => void }) {
  const navigate = useNavigate();
  const { submit, processing } = usePaymentSubmit({
    request: (body: CreateBookingRequest, key: string) => createBooking(body, key),
    onCreated: ({ booking }) => navigate(bookingPagePath(booking.id)),
    onFailed: (error) => {
      if (isApiError(error, "conflict")) onSlotTaken();
    },
    failedTitle: BOOKING_FAILED,
    failedDescription: PLEASE_TRY_AGAIN,
  });
  return { book: submit, processing };
}
