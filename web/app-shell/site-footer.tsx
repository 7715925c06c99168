import { Link } from "react-router";
import { BRAND_NAME } from "../../contracts/constants.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Container } from "../components/ui/page.tsx";
import { Logo } from "./logo.tsx";

const COLUMNS = [
  {
    title: "Explore",
    links: [
      { to: PAGE_ROUTES.search, label: "Find Photographers" },
      { to: PAGE_ROUTES.map, label: "Creators Near You" },
      { to: PAGE_ROUTES.howItWorks, label: "How it Works" },
    ],
  },
  {
    title: "For creators",
    links: [
      { to: PAGE_ROUTES.becomePhotographer, label: "Become a Photographer" },
      { to: PAGE_ROUTES.apply, label: "Apply Now" },
      { to: PAGE_ROUTES.availability, label: "Availability" },
    ],
  },
  {
    title: "Your account",
    links: [
      { to: PAGE_ROUTES.bookings, label: "My Bookings" },
      { to: PAGE_ROUTES.messages, label: "Messages" },
      { to: PAGE_ROUTES.profile, label: "Profile" },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="defer-render mt-16 border-t border-ink-200 bg-white pb-20 md:pb-0">
      <Container className="grid gap-10 py-12 md:grid-cols-[1.4fr_3fr]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm leading-relaxed text-ink-600">
            Book photographers, videographers and content creators near you — or hail one who is
            available right now.
          </p>
        </div>
        <div className="grid grid-cols-3 gap-4">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title} className="flex flex-col gap-3">
              <h2 className="text-xs font-semibold uppercase tracking-wider text-ink-500">
                {column.title}
              </h2>
              <ul className="flex flex-col gap-2.5 text-sm">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-ink-700 hover:text-brand-700">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </Container>
      <div className="border-t border-ink-100">
        <Container className="flex flex-col gap-1 py-5 text-xs text-ink-500 sm:flex-row sm:justify-between">
          <p>
            © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
          </p>
          <p>Secure payments · Verified creators</p>
        </Container>
      </div>
    </footer>
  );
}
