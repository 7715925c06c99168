import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { messagesForCreatorPath } from "../../../contracts/routes.ts";
import { Button } from "./button.tsx";

/** The outline 'Send Message' link to a conversation with a creator. */
export function SendMessageButton({ creatorId, size }: { creatorId: string; size?: "sm" }) {
  return (
    <Button asChild size={size} variant="outline">
      <Link to={messagesForCreatorPath(creatorId)}>
        <MessageCircle aria-hidden />
        Send Message
      </Link>
    </Button>
  );
}
