import { useState } from "react";
import { type ProblemOutcome, ZResolveProblemRequest } from "../../../contracts/bookings.ts";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { useBookingAction } from "./api.ts";
import { TextAndSend } from "./text-and-send.tsx";

const OUTCOMES: { value: ProblemOutcome; label: string; detail: string }[] = [
  {
    value: "complete",
    label: "Complete the session",
    detail: "The remaining balance is captured and the creator is paid.",
  },
  {
    value: "refund",
    label: "Refund the client",
    detail: "The booking is cancelled, the deposit refunded in full and the hold released.",
  },
];

/** Staff settle the problem a client reported with a session, one way or the other. */
export function ResolveProblemDialog({
  bookingId,
  open,
  onOpenChange,
}: {
  bookingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [outcome, setOutcome] = useState<ProblemOutcome | null>(null);
  const [resolution, setResolution] = useState("");
  const [error, setError] = useState<string | null>(null);
  const resolve = useBookingAction("resolve_problem");
  const send = () => {
    const parsed = ZResolveProblemRequest.safeParse({ outcome, resolution });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    resolve.mutate({ id: bookingId, body: parsed.data }, { onSuccess: () => onOpenChange(false) });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Resolve the problem"
        description="Both parties see the outcome on the booking. This cannot be undone."
      >
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-ink-800">Outcome</legend>
            {OUTCOMES.map((o) => (
              <label
                key={o.value}
                className="flex cursor-pointer gap-3 rounded-xl border border-ink-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="problem-outcome"
                  value={o.value}
                  checked={outcome === o.value}
                  onChange={() => setOutcome(o.value)}
                  className="mt-1 accent-brand-600"
                />
                <span className="flex flex-col">
                  <span className="text-sm font-semibold text-ink-900">{o.label}</span>
                  <span className="text-sm text-ink-600">{o.detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <TextAndSend
            id="problem-resolution"
            label="Resolution"
            value={resolution}
            onChange={setResolution}
            error={error}
            onClose={() => onOpenChange(false)}
            onSend={send}
            pending={resolve.isPending}
            sendLabel="Resolve"
            pendingLabel="Resolving..."
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
