import { useState } from "react";
import { REVIEW_TEXT_MAX } from "../../../contracts/reviews.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";

/** 'Hide Review': staff give the reason, which the audit log keeps. */
export function HideDialog({
  author,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  author: string;
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
        title="Hide Review"
        description={`${author}'s review leaves the profile and its rating until it is shown again.`}
      >
        <div className="mb-5 flex flex-col gap-2">
          <Label htmlFor="hide-reason">
            Reason<span className="text-brand-600"> *</span>
          </Label>
          <Textarea
            id="hide-reason"
            value={reason}
            maxLength={REVIEW_TEXT_MAX}
            placeholder="Which rule does it break?"
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => onConfirm(reason.trim())}
            disabled={pending || !reason.trim()}
          >
            {pending ? "Hiding..." : "Hide"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
