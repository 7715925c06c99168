import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { messagesForCreatorPath } from "../../../contracts/routes.ts";
import { Button } from "./button.tsx";

/** The outline 'Send Message' link to a conversation with a creator (about a booking, if any). */
export function SendMessageButton({
  creatorId,
  bookingId,
  size,
  label = "Send Message",
}: {
  creatorId: string;
  bookingId?: string;
  size?: "sm";
  label?: string;
}) {
  return (
    <Button asChild size={size} variant="outline">
      <Link to={messagesForCreatorPath(creatorId, bookingId)}>
        <MessageCircle aria-hidden />
        {label}
      </Link>
    </Button>
  );
}
