import { useState } from "react";
import { ZReportProblemRequest } from "../../../contracts/bookings.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { useBookingAction } from "./api.ts";

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
          <Field id="problem-description" label="What went wrong?" required error={error}>
            <Textarea
              id="problem-description"
              rows={4}
              maxLength={2000}
              aria-invalid={!!error}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button disabled={report.isPending} aria-busy={report.isPending} onClick={send}>
              {report.isPending ? "Sending..." : "Send report"}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
