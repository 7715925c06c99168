import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { bookingPagePath, type CreateBookingRequest } from "../../../contracts/bookings.ts";
import { isApiError, isRetryable, toastApiError } from "../../lib/api-errors.ts";
import { createBooking, newIdempotencyKey } from "./api.ts";
import { approvalHref, openPaymentTab } from "./payment-tab.ts";
import {
  BOOKING_FAILED,
  NO_APPROVAL_LINK,
  ORDER_CREATED_TITLE,
  PLEASE_TRY_AGAIN,
  PROCEED_MESSAGE,
  PROCEED_TITLE,
} from "./strings.ts";

/**
 * Creates a booking and sends a new tab to the provider's approval page (spec §4, §8), then
 * shows the booking. `book` must be called inside the click: it opens the tab at once.
 */
export function useCreateBooking({ onSlotTaken }: { onSlotTaken: () => void }) {
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  // One key per submit attempt; the same body sent again after a failure is that attempt retried.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // A second click before the disabled button renders must not send a second request.
  const inFlight = useRef(false);

  const send = async (body: CreateBookingRequest, tab: ReturnType<typeof openPaymentTab>) => {
    const bodyJson = JSON.stringify(body);
    if (attempt.current?.body !== bodyJson) {
      attempt.current = { key: newIdempotencyKey(), body: bodyJson };
    }
    setProcessing(true);
    try {
      const { booking, order } = await createBooking(body, attempt.current.key);
      attempt.current = null;
      const href = approvalHref(order);
      if (href) {
        tab.go(href);
        toast.success(PROCEED_TITLE, { description: PROCEED_MESSAGE });
      } else {
        tab.close();
        toast.error(ORDER_CREATED_TITLE, { description: NO_APPROVAL_LINK });
      }
      navigate(bookingPagePath(booking.id));
    } catch (error) {
      tab.close();
      if (!isRetryable(error)) attempt.current = null;
      if (isApiError(error, "conflict")) onSlotTaken();
      toastApiError(error, BOOKING_FAILED, { description: PLEASE_TRY_AGAIN });
    } finally {
      inFlight.current = false;
      setProcessing(false);
    }
  };

  const book = (body: CreateBookingRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // Opened now, inside the click, or the browser blocks it as a pop-up.
    const tab = openPaymentTab();
    void send(body, tab);
  };

  return { book, processing };
}
