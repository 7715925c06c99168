import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { MESSAGES } from "../../../contracts/constants.ts";
import { REPORT_SENT, REPORT_SENT_TITLE } from "../../../contracts/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Label, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../lib/toast.ts";
import { reportConversation } from "./api.ts";

/** Report a conversation to staff, with a reason. */
export function ReportDialog({
  conversationId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState("");
  const report = useMutation({
    mutationFn: () => reportConversation(conversationId, reason.trim()),
    meta: { errorTitle: "Report failed" },
    onSuccess: () => {
      toast.success(REPORT_SENT_TITLE, { description: REPORT_SENT });
      setReason("");
      onOpenChange(false);
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Report conversation"
        description="Tell our team what happened. They will read this conversation."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) report.mutate();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="report-reason">Reason</Label>
            <Textarea
              id="report-reason"
              value={reason}
              maxLength={MESSAGES.reportReasonMaxLength}
              rows={4}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!reason.trim() || report.isPending}
            >
              Send report
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
