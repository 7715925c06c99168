import { Link } from "react-router";
import { BRAND_NAME } from "../../../contracts/constants.ts";
import { PAGE_ROUTES } from "../../../contracts/routes.ts";
import { Container } from "../ui/page.tsx";
import { Logo } from "./logo.tsx";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-ink-200 bg-white pb-24 md:pb-0">
      <Container className="flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-sm text-ink-600">
            Book photographers, videographers and content creators near you.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-700">
          <Link to={PAGE_ROUTES.search}>Find Photographers</Link>
          <Link to={PAGE_ROUTES.map}>Creators Near You</Link>
          <Link to={PAGE_ROUTES.howItWorks}>How it Works</Link>
          <Link to={PAGE_ROUTES.becomePhotographer}>Become a Photographer</Link>
          <Link to={PAGE_ROUTES.apply}>Apply</Link>
        </nav>
      </Container>
      <Container className="border-t border-ink-100 py-4 text-xs text-ink-500">
        © {new Date().getFullYear()} {BRAND_NAME}
      </Container>
    </footer>
  );
}
