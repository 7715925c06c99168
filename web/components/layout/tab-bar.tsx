import { NavLink } from "react-router";
import { cn } from "../../lib/cn.ts";
import { TAB_BAR_LINKS } from "./nav-links.ts";

/** The phone's bottom tab bar; the tab of the current path is highlighted. */
export function TabBar() {
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-4">
        {TAB_BAR_LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "flex flex-col items-center gap-1 py-2.5 text-xs font-medium",
                  isActive ? "text-brand-700" : "text-ink-500",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon className={cn("size-5", isActive && "stroke-[2.5]")} aria-hidden />
                  <span>{label}</span>
                  <span className="sr-only">{isActive ? "(current)" : ""}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
