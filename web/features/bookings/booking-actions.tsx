import { useState } from "react";
import type { BookingDetail } from "../../../contracts/bookings.ts";
import { Button } from "../../components/ui/button.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { openPaymentTab, sendToApproval } from "../../lib/payment-tab.ts";
import { useBookingAction, usePayAction } from "./api.ts";
import { CancelBookingDialog } from "./cancel-dialog.tsx";
import { ReportProblemDialog } from "./report-problem-dialog.tsx";
import { ResolveProblemDialog } from "./resolve-problem-dialog.tsx";
import { ACTION_FAILED } from "./strings.ts";

/** Pay the deposit or approve the remaining balance: the provider's page opens in a new tab. */
function PayButton({
  booking,
  action,
}: {
  booking: BookingDetail;
  action: "pay" | "approve_remainder";
}) {
  const pay = usePayAction(action);
  const onClick = () => {
    // Opened inside the click, or the browser blocks it as a pop-up.
    const tab = openPaymentTab();
    pay.mutate(booking.id, {
      onSuccess: ({ order }) => sendToApproval(tab, order),
      onError: (error) => {
        tab.close();
        toastApiError(error, ACTION_FAILED[action]);
      },
    });
  };
  return (
    <Button onClick={onClick} disabled={pay.isPending} aria-busy={pay.isPending}>
      {action === "pay" ? "Pay Deposit" : "Approve Remaining Balance"}
    </Button>
  );
}

/** One button for each action the viewer may take on the booking (the server's `actions`). */
export function BookingActions({ booking }: { booking: BookingDetail }) {
  const [dialog, setDialog] = useState<"cancel" | "report" | "resolve" | null>(null);
  const accept = useBookingAction("accept");
  const decline = useBookingAction("decline");
  const busy = accept.isPending || decline.isPending;
  const has = (action: BookingDetail["actions"][number]) => booking.actions.includes(action);
  if (!booking.actions.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {has("pay") ? <PayButton booking={booking} action="pay" /> : null}
      {has("approve_remainder") ? <PayButton booking={booking} action="approve_remainder" /> : null}
      {has("accept") ? (
        <Button disabled={busy} onClick={() => accept.mutate({ id: booking.id })}>
          Accept
        </Button>
      ) : null}
      {has("decline") ? (
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => decline.mutate({ id: booking.id })}
        >
          Decline
        </Button>
      ) : null}
      {has("report_problem") ? (
        <Button variant="outline" onClick={() => setDialog("report")}>
          Report a Problem
        </Button>
      ) : null}
      {has("resolve_problem") ? (
        <Button onClick={() => setDialog("resolve")}>Resolve Problem</Button>
      ) : null}
      {has("cancel") ? (
        <Button variant="destructive" onClick={() => setDialog("cancel")}>
          Cancel Booking
        </Button>
      ) : null}
      <CancelBookingDialog
        bookingId={booking.id}
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
      />
      <ReportProblemDialog
        bookingId={booking.id}
        open={dialog === "report"}
        onOpenChange={(open) => setDialog(open ? "report" : null)}
      />
      {has("resolve_problem") ? (
        <ResolveProblemDialog
          bookingId={booking.id}
          open={dialog === "resolve"}
          onOpenChange={(open) => setDialog(open ? "resolve" : null)}
        />
      ) : null}
    </div>
  );
}
