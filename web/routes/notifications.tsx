import { Bell } from "lucide-react";
import { NOTIFICATIONS_TITLE } from "../../contracts/notifications.ts";
import { Button } from "../components/ui/button.tsx";
import { Container, PageHeading } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { openAuthDialog } from "../features/accounts/auth-dialog-store.ts";
import { SIGN_IN_TO_CONTINUE } from "../features/bookings/strings.ts";
import { NotificationsList } from "../features/notifications/notifications-list.tsx";
import { useSession } from "../lib/auth-client.ts";

export default function NotificationsScreen() {
  const session = useSession();
  return (
    <Container className="max-w-3xl pb-28">
      <PageHeading
        title={NOTIFICATIONS_TITLE}
        subtitle="Bookings, payments and messages: everything that happened while you were away."
      />
      {session.data ? (
        <NotificationsList />
      ) : session.isPending ? (
        <Spinner />
      ) : (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-ink-300 px-6 py-12 text-center">
          <Bell className="size-8 text-ink-400" aria-hidden />
          <p className="text-lg font-semibold text-ink-800">Sign in to see your notifications.</p>
          <Button onClick={() => openAuthDialog("signin")}>{SIGN_IN_TO_CONTINUE}</Button>
        </div>
      )}
    </Container>
  );
}
