import { NavLink } from "react-router";
import { useSession } from "../lib/auth-client.ts";
import { cn } from "../lib/cn.ts";
import { BOOKINGS_LINK } from "./nav-links.ts";
import { OpenRequestsSlot } from "./open-requests-slot.tsx";

/** My Bookings for a signed-in visitor, with the live count of requests awaiting an answer. */
export function BookingsLink({
  className,
  onClick,
  withIcon = false,
}: {
  className: string | ((state: { isActive: boolean }) => string);
  onClick?: () => void;
  withIcon?: boolean;
}) {
  const { data: session } = useSession();
  if (!session) return null;
  const Icon = BOOKINGS_LINK.icon;
  return (
    <NavLink
      to={BOOKINGS_LINK.to}
      onClick={onClick}
      className={(state) =>
        cn(
          typeof className === "string" ? className : className(state),
          "inline-flex items-center gap-2",
        )
      }
    >
      {withIcon ? <Icon className="size-5 text-brand-600" aria-hidden /> : null}
      {BOOKINGS_LINK.label}
      <OpenRequestsSlot />
    </NavLink>
  );
}
