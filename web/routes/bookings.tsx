import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Container, PageHeading } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import {
  closeAuthDialog,
  openAuthDialog,
  useAuthDialogMode,
} from "../features/accounts/auth-dialog-store.ts";
import { useBookingList, useLiveBookings } from "../features/bookings/api.ts";
import { BookingForm } from "../features/bookings/booking-form.tsx";
import { BookingsList } from "../features/bookings/bookings-list.tsx";
import { BOOKINGS_TITLE, SIGN_IN_TO_CONTINUE } from "../features/bookings/strings.ts";
import { BookingsFeedCard } from "../features/calendars/calendar-sync-card.tsx";
import { useSession } from "../lib/auth-client.ts";

/**
 * Spec: a signed-out visitor who came to book (a creator parameter) sees the sign-in prompt
 * open by itself, and it closes when a session appears.
 */
function useSignInPrompt(wanted: boolean) {
  const session = useSession();
  const mode = useAuthDialogMode();
  const opened = useRef(false);
  const signedOut = !session.isPending && !session.data;
  useEffect(() => {
    if (wanted && signedOut && !opened.current) {
      opened.current = true;
      openAuthDialog("signin");
    }
  }, [wanted, signedOut]);
  useEffect(() => {
    if (session.data && opened.current && mode !== null) closeAuthDialog();
  }, [session.data, mode]);
}

function MyBookings() {
  useLiveBookings();
  return (
    <QueryState query={useBookingList()} failed="Your bookings could not be loaded." size="section">
      {(list) => <BookingsList list={list} />}
    </QueryState>
  );
}

export default function BookingsScreen() {
  const [params] = useSearchParams();
  const creatorId = params.get("creator");
  const session = useSession();
  useSignInPrompt(Boolean(creatorId));

  return (
    <Container className="pb-28">
      <PageHeading
        title={BOOKINGS_TITLE}
        subtitle="Your sessions, requests and payments in one place."
      />
      <div className="flex flex-col gap-10">
        {creatorId ? (
          <BookingForm
            key={creatorId}
            creatorId={creatorId}
            initialDate={params.get("date")}
            initialTime={params.get("time")}
          />
        ) : null}
        {session.data ? (
          <>
            <MyBookings />
            <BookingsFeedCard />
          </>
        ) : session.isPending ? (
          <Spinner />
        ) : (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-ink-300 px-6 py-12 text-center">
            <p className="text-lg font-semibold text-ink-800">Sign in to see your bookings.</p>
            <Button onClick={() => openAuthDialog("signin")}>{SIGN_IN_TO_CONTINUE}</Button>
          </div>
        )}
      </div>
    </Container>
  );
}
