import type { ComponentProps } from "react";
import { Button } from "../../components/ui/button.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { openPaymentTab, sendToApproval } from "../../lib/payment-tab.ts";
import { usePayAction } from "./api.ts";
import { ACTION_FAILED, APPROVE_REMAINDER, PAY_DEPOSIT } from "./strings.ts";

/**
 * Pay an unpaid booking's deposit, or approve its remaining balance: the provider's page opens
 * in a new tab (booking details and the My Bookings card both use it).
 */
export function PayButton({
  bookingId,
  action,
  size,
}: {
  bookingId: string;
  action: "pay" | "approve_remainder";
  size?: ComponentProps<typeof Button>["size"];
}) {
  const pay = usePayAction(action);
  const onClick = () => {
    // Opened inside the click, or the browser blocks it as a pop-up.
    const tab = openPaymentTab();
    pay.mutate(bookingId, {
      onSuccess: ({ order }) => sendToApproval(tab, order),
      onError: (error) => {
        tab.close();
        toastApiError(error, ACTION_FAILED[action]);
      },
    });
  };
  return (
    <Button size={size} onClick={onClick} disabled={pay.isPending} aria-busy={pay.isPending}>
      {action === "pay" ? PAY_DEPOSIT : APPROVE_REMAINDER}
    </Button>
  );
}
