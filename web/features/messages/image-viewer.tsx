import { conversationImageUrl, type MessageAttachment } from "../../../contracts/messages.ts";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";

/** An attachment in its large size. */
export function ImageViewer({
  conversationId,
  attachment,
  onClose,
}: {
  conversationId: string;
  attachment: MessageAttachment | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={attachment !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {attachment ? (
        <DialogContent title="Photo" className="max-w-4xl">
          <img
            src={conversationImageUrl(conversationId, attachment.id, "large")}
            alt="Attachment"
            width={attachment.width}
            height={attachment.height}
            className="mx-auto max-h-[75dvh] w-auto rounded-xl object-contain"
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
