import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Card, CardContent } from "../components/ui/card.tsx";
import { Container } from "../components/ui/page.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import type { AuthMode } from "../features/accounts/auth-dialog-store.ts";
import { AUTH_MODES, AuthForm } from "../features/accounts/auth-form.tsx";
import { useSession } from "../lib/auth-client.ts";

/** Only paths inside this site, so the page can never send anyone elsewhere. */
function safeRedirect(target: string | null): string {
  if (!target?.startsWith("/") || target.startsWith("//")) return "/";
  try {
    const url = new URL(target, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : "/";
  } catch {
    return "/";
  }
}

const MODES: AuthMode[] = ["signin", "signup", "photographer"];

/** /auth?redirect=/somewhere: signs the person in (or up) and sends them on. */
export default function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get("redirect"));
  const requested = params.get("mode") as AuthMode | null;
  const [mode, setMode] = useState<AuthMode>(
    requested && MODES.includes(requested) ? requested : "signin",
  );
  const [checkEmail, setCheckEmail] = useState(false);
  const { data: session, isPending } = useSession();

  useEffect(() => {
    if (session) navigate(redirect, { replace: true });
  }, [session, redirect, navigate]);

  if (isPending || session) return <PageSpinner />;

  return (
    <Container className="flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardContent className="p-6 sm:p-8">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">
            {AUTH_MODES[mode].title}
          </h1>
          <p className="mb-6 mt-1 text-sm text-ink-600">
            {checkEmail
              ? "We sent you a confirmation link. Open it to finish signing up; it brings you back here."
              : "Sign in to continue."}
          </p>
          <AuthForm
            mode={mode}
            onModeChange={(next) => {
              setCheckEmail(false);
              setMode(next);
            }}
            callbackPath={redirect}
            onSuccess={() => {
              if (mode === "signin") navigate(redirect, { replace: true });
              else {
                setCheckEmail(true);
                setMode("signin");
              }
            }}
          />
        </CardContent>
      </Card>
    </Container>
  );
}
