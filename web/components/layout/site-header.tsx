import { Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState } from "react";
import { NavLink } from "react-router";
import { AccountActions } from "../../features/accounts/account-actions.tsx";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { Container } from "../ui/page.tsx";
import { Logo } from "./logo.tsx";
import { HEADER_LINKS } from "./nav-links.ts";

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "text-brand-700" : "text-ink-700 hover:text-ink-900",
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/90 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AccountActions />
        </div>
        <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DialogPrimitive.Trigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu className="size-6" />
            </Button>
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/50" />
            <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 bg-white p-6 shadow-2xl">
              <div className="flex items-center justify-between">
                <DialogPrimitive.Title className="text-base font-bold">Menu</DialogPrimitive.Title>
                <DialogPrimitive.Description className="sr-only">
                  Site navigation and account
                </DialogPrimitive.Description>
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon" aria-label="Close menu">
                    <X className="size-5" />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              <nav aria-label="Mobile" className="flex flex-col gap-1">
                {HEADER_LINKS.map((link) => (
                  <NavLink
                    key={link.to}
                    to={link.to}
                    className={navClass}
                    onClick={() => setMenuOpen(false)}
                  >
                    {link.label}
                  </NavLink>
                ))}
              </nav>
              <div className="mt-auto flex flex-col gap-2">
                <AccountActions stacked onAction={() => setMenuOpen(false)} />
              </div>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      </Container>
    </header>
  );
}
