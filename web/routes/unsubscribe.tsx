import { Mail, MailWarning } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { UNSUBSCRIBE_INVALID } from "../../contracts/preferences.ts";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent } from "../components/ui/card.tsx";
import { Container } from "../components/ui/page.tsx";
import { NOTIFICATION_SETTINGS_ID } from "../features/notifications/notification-settings-card.tsx";
import { useUnsubscribe } from "../features/notifications/preferences-api.ts";
import { isApiError } from "../lib/api-errors.ts";

const SETTINGS_LINK = `${PAGE_ROUTES.profile}#${NOTIFICATION_SETTINGS_ID}`;

function Invalid() {
  return (
    <>
      <MailWarning className="size-10 text-red-600" aria-hidden />
      <h1 className="text-2xl font-extrabold tracking-tight">Unsubscribe</h1>
      <p role="alert" className="text-ink-700">
        {UNSUBSCRIBE_INVALID}
      </p>
      <p className="text-sm text-ink-600">
        You can still choose which emails you get in your{" "}
        <Link to={SETTINGS_LINK} className="font-semibold text-brand-700 hover:underline">
          notification settings
        </Link>
        .
      </p>
    </>
  );
}

/**
 * A mail's one-click unsubscribe link lands here. Opening it does nothing by itself (mail
 * scanners follow links): the person confirms with the button.
 */
export default function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unsubscribe = useUnsubscribe();
  const invalid =
    !token ||
    isApiError(unsubscribe.error, "bad_request") ||
    isApiError(unsubscribe.error, "validation_failed");

  return (
    <Container className="flex max-w-lg py-12 sm:py-20">
      <Card className="w-full">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {invalid ? (
            <Invalid />
          ) : unsubscribe.data ? (
            <>
              <Mail className="size-10 text-emerald-600" aria-hidden />
              <h1 className="text-2xl font-extrabold tracking-tight">You're unsubscribed</h1>
              <p className="text-ink-700" role="status">
                You won't get {unsubscribe.data.label} emails any more.
              </p>
              <Button variant="outline" asChild>
                <Link to={SETTINGS_LINK}>Change your email settings</Link>
              </Button>
            </>
          ) : (
            <>
              <MailWarning className="size-10 text-brand-600" aria-hidden />
              <h1 className="text-2xl font-extrabold tracking-tight">Unsubscribe</h1>
              <p className="text-ink-700">Stop getting this kind of email from us?</p>
              {unsubscribe.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {isApiError(unsubscribe.error)
                    ? unsubscribe.error.message
                    : "Something went wrong. Try again."}
                </p>
              )}
              <Button
                size="lg"
                disabled={unsubscribe.isPending}
                aria-busy={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate(token)}
              >
                {unsubscribe.isPending ? "Unsubscribing…" : "Unsubscribe"}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
