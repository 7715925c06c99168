import { useState } from "react";
import { DENIAL_REASON_MAX_LENGTH } from "../../../contracts/applications.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";

/** 'Deny Application' with an optional reason; the reason is sent only when non-empty. */
export function DenyDialog({
  name,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setReason("");
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Deny Application"
        description={`Are you sure you want to deny ${name}'s application?`}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="deny-reason">Reason (optional)</Label>
          <Textarea
            id="deny-reason"
            value={reason}
            maxLength={DENIAL_REASON_MAX_LENGTH}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Tell the applicant why (included in the email)"
          />
        </div>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => onConfirm(reason)} disabled={pending}>
            {pending ? "Denying..." : "Deny"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
