import { useState } from "react";
import { ZReportProblemRequest } from "../../../contracts/bookings.ts";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { useBookingAction } from "./api.ts";
import { TextAndSend } from "./text-and-send.tsx";

/** Tells staff what went wrong at a session; the remainder is not captured meanwhile. */
export function ReportProblemDialog({
  bookingId,
  open,
  onOpenChange,
}: {
  bookingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useBookingAction("report_problem");
  const send = () => {
    const parsed = ZReportProblemRequest.safeParse({ description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    report.mutate({ id: bookingId, body: parsed.data }, { onSuccess: () => onOpenChange(false) });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Report a problem"
        description="Tell us what went wrong. The remaining balance is not charged until it is resolved."
      >
        <div className="flex flex-col gap-4">
          <TextAndSend
            id="problem-description"
            label="What went wrong?"
            value={description}
            onChange={setDescription}
            error={error}
            onClose={() => onOpenChange(false)}
            onSend={send}
            pending={report.isPending}
            sendLabel="Send report"
            pendingLabel="Sending..."
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
