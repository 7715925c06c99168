import { useState } from "react";
import type { BookingDetail } from "../../../contracts/bookings.ts";
import { Button } from "../../components/ui/button.tsx";
import { useBookingAction } from "./api.ts";
import { CancelBookingDialog } from "./cancel-dialog.tsx";
import { PayButton } from "./pay-button.tsx";
import { ReportProblemDialog } from "./report-problem-dialog.tsx";
import { ResolveProblemDialog } from "./resolve-problem-dialog.tsx";

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
      {has("pay") ? <PayButton bookingId={booking.id} action="pay" /> : null}
      {has("approve_remainder") ? (
        <PayButton bookingId={booking.id} action="approve_remainder" />
      ) : null}
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
