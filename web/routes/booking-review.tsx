import { useParams } from "react-router";
import { bookingPagePath } from "../../contracts/bookings.ts";
import { Button } from "../components/ui/button.tsx";
import { BackLink, Container, PageHeading } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { openAuthDialog } from "../features/accounts/auth-dialog-store.ts";
import { SIGN_IN_TO_CONTINUE } from "../features/bookings/strings.ts";
import { useBookingReviews } from "../features/reviews/api.ts";
import { BookingReviews } from "../features/reviews/booking-reviews.tsx";
import { useSession } from "../lib/auth-client.ts";
import { formatLongDate } from "../lib/format.ts";
import NotFound from "./not-found.tsx";

export const LEAVE_REVIEW_TITLE = "Leave Review";

function LoadedReviews({ id }: { id: string }) {
  return (
    <QueryState
      query={useBookingReviews(id)}
      failed="The reviews could not be loaded."
      refusals={{ not_found: <NotFound />, validation_failed: <NotFound /> }}
    >
      {(r) => (
        <>
          <PageHeading
            title={r.state === "open" ? LEAVE_REVIEW_TITLE : "Reviews"}
            subtitle={`${r.eventType ?? "Session"} with ${r.otherName} · ${formatLongDate(r.sessionStart)}`}
          />
          <BookingReviews reviews={r} />
        </>
      )}
    </QueryState>
  );
}

export default function BookingReviewScreen() {
  const { id = "" } = useParams();
  const session = useSession();
  return (
    <Container className="max-w-4xl pb-28">
      <BackLink to={bookingPagePath(id)}>Back to the booking</BackLink>
      {session.data ? (
        <LoadedReviews id={id} />
      ) : session.isPending ? (
        <PageSpinner />
      ) : (
        <>
          <PageHeading title={LEAVE_REVIEW_TITLE} subtitle="Sign in to review this booking." />
          <Button onClick={() => openAuthDialog("signin")}>{SIGN_IN_TO_CONTINUE}</Button>
        </>
      )}
    </Container>
  );
}
