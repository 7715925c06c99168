import {
  CalendarClock,
  CalendarDays,
  Camera,
  CircleHelp,
  MapPinned,
  MessageCircle,
  Search,
  UserRound,
} from "lucide-react";
import { PAGE_ROUTES } from "../../contracts/routes.ts";

export const HEADER_LINKS = [
  { to: PAGE_ROUTES.search, label: "Find Photographers", icon: Search },
  { to: PAGE_ROUTES.howItWorks, label: "How it Works", icon: CircleHelp },
  { to: PAGE_ROUTES.becomePhotographer, label: "Become a Photographer", icon: Camera },
] as const;

export const MAP_LINK = { to: PAGE_ROUTES.map, label: "Creators Near You", icon: MapPinned };

/** Shown to approved creators beside their bookings: going online, hours and notice. */
export const AVAILABILITY_LINK = {
  to: PAGE_ROUTES.availability,
  label: "Availability",
  icon: CalendarClock,
};

/** Shown to signed-in visitors beside their account, with the open-request badge. */
export const BOOKINGS_LINK = { to: PAGE_ROUTES.bookings, label: "Bookings", icon: CalendarDays };

export const TAB_BAR_LINKS = [
  { to: PAGE_ROUTES.search, label: "Search", icon: Search },
  { ...BOOKINGS_LINK, badge: true },
  { to: PAGE_ROUTES.messages, label: "Messages", icon: MessageCircle, unread: true },
  { to: PAGE_ROUTES.profile, label: "Profile", icon: UserRound },
] as const;
