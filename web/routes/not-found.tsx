import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Container } from "../components/ui/page.tsx";

export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center gap-6 text-center">
      <p className="text-7xl font-black text-brand-500">404</p>
      <h1 className="text-2xl font-bold text-ink-900">404 - Oops! Page not found</h1>
      <p className="max-w-md text-ink-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </Container>
  );
}
