import { NavLink } from "react-router";
import { useAccountRoles } from "../features/accounts/api.ts";
import { cn } from "../lib/cn.ts";
import { AVAILABILITY_LINK } from "./nav-links.ts";

/** The Availability Manager, for approved creators only (header and side menu). */
export function AvailabilityLink({
  className,
  onClick,
  withIcon = false,
}: {
  className: string | ((state: { isActive: boolean }) => string);
  onClick?: () => void;
  withIcon?: boolean;
}) {
  const { creator } = useAccountRoles();
  if (!creator) return null;
  const Icon = AVAILABILITY_LINK.icon;
  return (
    <NavLink
      to={AVAILABILITY_LINK.to}
      onClick={onClick}
      className={(state) =>
        cn(
          typeof className === "string" ? className : className(state),
          "inline-flex items-center gap-2",
        )
      }
    >
      {withIcon ? <Icon className="size-5 text-brand-600" aria-hidden /> : null}
      {AVAILABILITY_LINK.label}
    </NavLink>
  );
}
