import { Compass, Home, Search } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Container } from "../components/ui/page.tsx";

export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <Container className="flex min-h-[65vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <div className="relative" aria-hidden>
        <div className="absolute inset-0 rounded-full bg-brand-300/40 blur-2xl" />
        <p className="relative bg-linear-to-br from-brand-400 to-brand-700 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl">
          404
        </p>
      </div>
      <span
        className="grid size-14 place-items-center rounded-2xl bg-white text-brand-600 shadow-soft ring-1 ring-ink-200"
        aria-hidden
      >
        <Compass className="size-7" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900 sm:text-3xl">
        404 - Oops! Page not found
      </h1>
      <p className="max-w-md text-ink-600">
        The page you are looking for does not exist or has moved. Let's get you back on track.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">
            <Home aria-hidden /> Return to Home
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={PAGE_ROUTES.search}>
            <Search aria-hidden /> Find Photographers
          </Link>
        </Button>
      </div>
    </Container>
  );
}
