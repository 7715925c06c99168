import { Link, useRouteError } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Container } from "../components/ui/page.tsx";

/** Shown when a screen throws while rendering or loading: the rest of the app keeps working. */
export function RouteError() {
  const error = useRouteError();
  console.error("screen failed", error);
  return (
    <Container className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-ink-600">This screen could not be shown. Reload the page to try again.</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/">Go home</Link>
        </Button>
      </div>
    </Container>
  );
}
