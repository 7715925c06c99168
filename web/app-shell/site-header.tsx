import { Menu } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Container } from "../components/ui/page.tsx";
import { AccountActions } from "../features/accounts/account-actions.tsx";
import { cn } from "../lib/cn.ts";
import { AvailabilityLink } from "./availability-link.tsx";
import { BookingsLink } from "./bookings-link.tsx";
import { Logo } from "./logo.tsx";
import { MessagesLinkSlot } from "./messages-link-slot.tsx";
import { HEADER_LINKS, MAP_LINK } from "./nav-links.ts";
import { NotificationBellSlot } from "./notification-bell-slot.tsx";
import { SideMenu } from "./side-menu.tsx";

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "relative whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-medium transition-colors",
    "after:absolute after:inset-x-3 after:-bottom-[13px] after:h-0.5 after:rounded-full",
    isActive
      ? "text-brand-700 after:bg-brand-500"
      : "text-ink-600 hover:bg-ink-100 hover:text-ink-900",
  );
}

function memberLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "text-brand-700" : "text-ink-600 hover:bg-ink-100 hover:text-ink-900",
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/70 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center justify-between gap-4 xl:gap-8">
        <div className="shrink-0">
          <Logo />
        </div>
        <nav aria-label="Main" className="hidden shrink-0 items-center gap-0.5 xl:flex">
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto hidden min-w-0 items-center gap-1 md:flex">
          <Button variant="ghost" size="icon" asChild>
            <Link to={MAP_LINK.to} aria-label={MAP_LINK.label} title={MAP_LINK.label}>
              <MAP_LINK.icon className="size-5!" aria-hidden />
            </Link>
          </Button>
          <BookingsLink className={memberLinkClass} />
          <AvailabilityLink className={memberLinkClass} />
          <MessagesLinkSlot />
          <NotificationBellSlot />
          <AccountActions />
        </div>
        <div className="ml-auto md:hidden">
          <NotificationBellSlot asLink />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="xl:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu className="size-6!" aria-hidden />
        </Button>
      </Container>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
