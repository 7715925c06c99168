import { NavLink } from "react-router";
import { cn } from "../lib/cn.ts";
import { UnreadMessagesSlot } from "./messages-link-slot.tsx";
import { TAB_BAR_LINKS } from "./nav-links.ts";
import { OpenRequestsSlot } from "./open-requests-slot.tsx";

/** The phone's bottom tab bar; the tab of the current path is highlighted. */
export function TabBar() {
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="grid grid-cols-4">
        {TAB_BAR_LINKS.map(({ to, label, icon: Icon, ...link }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "flex flex-col items-center gap-1 py-2 text-[11px] font-semibold transition-colors",
                  isActive ? "text-brand-700" : "text-ink-500 hover:text-ink-800",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      "relative grid h-7 w-12 place-items-center rounded-full transition-colors",
                      isActive && "bg-brand-100",
                    )}
                  >
                    <Icon className={cn("size-5", isActive && "stroke-[2.5]")} aria-hidden />
                    {"badge" in link ? (
                      <OpenRequestsSlot className="absolute -right-1 -top-1.5" />
                    ) : null}
                    {"unread" in link ? (
                      <UnreadMessagesSlot className="absolute -right-1 -top-1.5" />
                    ) : null}
                  </span>
                  <span>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
