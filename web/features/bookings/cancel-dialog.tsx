import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatCents } from "../../lib/format.ts";
import { useBooking, useBookingAction } from "./api.ts";

/** Confirms a cancellation after showing the policy and what it would refund now. */
export function CancelBookingDialog({
  bookingId,
  open,
  onOpenChange,
}: {
  bookingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState("");
  // The detail carries the policy; on the detail page it is already cached.
  const detail = useBooking(bookingId, open);
  const cancel = useBookingAction("cancel");
  const cancellation = detail.data?.cancellation;

  const confirm = () =>
    cancel.mutate(
      { id: bookingId, body: { reason: reason.trim() || null } },
      { onSuccess: () => onOpenChange(false) },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Cancel this booking?" description="Please read the policy first.">
        {cancellation ? (
          <div className="flex flex-col gap-4">
            <ul
              className="list-disc space-y-1 pl-5 text-sm text-ink-700"
              aria-label="Cancellation policy"
            >
              {cancellation.policy.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {cancellation.refundNowCents !== null ? (
              <p className="text-sm font-semibold text-ink-900">
                Cancelling now refunds {formatCents(cancellation.refundNowCents)}.
              </p>
            ) : null}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="cancel-reason">Reason (optional)</Label>
              <Textarea
                id="cancel-reason"
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Keep booking
              </Button>
              <Button
                variant="destructive"
                disabled={cancel.isPending}
                aria-busy={cancel.isPending}
                onClick={confirm}
              >
                {cancel.isPending ? "Cancelling..." : "Cancel booking"}
              </Button>
            </div>
          </div>
        ) : detail.isError ? (
          <p className="text-sm text-red-700">The policy could not be loaded. Please try again.</p>
        ) : (
          <Spinner />
        )}
      </DialogContent>
    </Dialog>
  );
}
