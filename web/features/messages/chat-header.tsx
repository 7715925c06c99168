import { ArrowLeft, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { bookingPagePath, DEFAULT_LOCATION_LABEL } from "../../../contracts/bookings.ts";
import type { Conversation } from "../../../contracts/messages.ts";
import { creatorProfilePath } from "../../../contracts/routes.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Avatar } from "../../components/ui/media-image.tsx";
import { formatDateTimeIn } from "../../lib/format.ts";
import { STATUS_LABELS } from "../bookings/strings.ts";
import { ConversationMenu } from "./conversation-menu.tsx";

function BookingContext({ booking }: { booking: NonNullable<Conversation["booking"]> }) {
  return (
    <Link
      to={bookingPagePath(booking.id)}
      className="flex items-center gap-2 border-t border-ink-100 bg-brand-50/60 px-4 py-2 text-xs text-ink-700 hover:bg-brand-50"
      title="The booking this conversation is about"
    >
      <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden />
      <span className="min-w-0 truncate">
        <span className="font-semibold text-ink-900">Booking</span> ·{" "}
        {formatDateTimeIn(booking.startTime, booking.timeZone)} ·{" "}
        {booking.location || DEFAULT_LOCATION_LABEL}
      </span>
      <Badge variant="secondary" className="ml-auto shrink-0">
        {STATUS_LABELS[booking.status]}
      </Badge>
    </Link>
  );
}

/** Who the conversation is with (their profile when a creator), online or typing, the menu. */
export function ChatHeader({
  conversation,
  typing,
  onBack,
}: {
  conversation: Conversation;
  typing: boolean;
  onBack: () => void;
}) {
  const { other } = conversation;
  const name = other.creatorId ? (
    <Link to={creatorProfilePath(other.creatorId)} className="truncate hover:underline">
      {other.name}
    </Link>
  ) : (
    <span className="truncate">{other.name}</span>
  );
  return (
    <div className="border-b border-ink-200 bg-white">
      <div className="flex items-center gap-3 px-2 py-2.5 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Back to conversations"
          onClick={onBack}
        >
          <ArrowLeft className="size-5!" aria-hidden />
        </Button>
        <span className="relative shrink-0">
          <Avatar imageKey={other.imageKey} name={other.name} className="size-10 text-sm" />
          {other.online ? (
            <span className="absolute bottom-0 right-0 size-3 rounded-full border-2 border-white bg-emerald-500" />
          ) : null}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="flex font-bold text-ink-900">{name}</h2>
          <p className="text-xs text-ink-500" aria-live="polite">
            {typing ? (
              <span className="italic text-brand-700">typing…</span>
            ) : other.online ? (
              <span className="text-emerald-700">Online</span>
            ) : (
              "Offline"
            )}
          </p>
        </div>
        <ConversationMenu conversation={conversation} />
      </div>
      {conversation.booking ? <BookingContext booking={conversation.booking} /> : null}
    </div>
  );
}
