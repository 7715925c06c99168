import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { AccountActions } from "../features/accounts/account-actions.tsx";
import { cn } from "../lib/cn.ts";
import { AvailabilityLink } from "./availability-link.tsx";
import { BookingsLink } from "./bookings-link.tsx";
import { Logo } from "./logo.tsx";
import { HEADER_LINKS, MAP_LINK } from "./nav-links.ts";

function menuLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "gap-3 rounded-xl px-3 py-3 text-base font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-ink-800 hover:bg-ink-100",
  );
}

/**
 * The phone's side menu. A native modal <dialog> gives focus trapping, Escape and an inert
 * page behind it without shipping a dialog library in the first page load.
 */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    // Keep the page behind the modal menu from scrolling while it is open.
    document.documentElement.style.overflow = open ? "hidden" : "";
    return () => {
      document.documentElement.style.overflow = "";
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is native.
    <dialog
      ref={ref}
      aria-labelledby="side-menu-title"
      className="side-menu w-80 max-w-[85vw] bg-white p-0 shadow-2xl xl:hidden"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="flex h-full flex-col gap-6 p-5">
        <div className="flex items-center justify-between">
          <h2 id="side-menu-title" className="sr-only">
            Menu
          </h2>
          <Logo />
          <Button variant="ghost" size="icon" aria-label="Close menu" onClick={onClose}>
            <X className="size-5" />
          </Button>
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {[...HEADER_LINKS, MAP_LINK].map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              onClick={onClose}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium transition-colors",
                  isActive ? "bg-brand-50 text-brand-800" : "text-ink-800 hover:bg-ink-100",
                )
              }
            >
              <Icon className="size-5 text-brand-600" aria-hidden />
              {label}
            </NavLink>
          ))}
          <BookingsLink withIcon onClick={onClose} className={menuLinkClass} />
          <AvailabilityLink withIcon onClick={onClose} className={menuLinkClass} />
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t border-ink-100 pt-5">
          <AccountActions stacked onAction={onClose} />
        </div>
      </div>
    </dialog>
  );
}
