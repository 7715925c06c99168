import { CheckCircle2, XCircle } from "lucide-react";
import { useParams, useSearchParams } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Button } from "../components/ui/button.tsx";
import { BackLink, Container, PageHeading } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { openAuthDialog } from "../features/accounts/auth-dialog-store.ts";
import { useBooking, useLiveBookings } from "../features/bookings/api.ts";
import { BookingDetail } from "../features/bookings/booking-detail.tsx";
import {
  BOOKINGS_TITLE,
  PAYMENT_BANNERS,
  type PaymentOutcome,
  SIGN_IN_TO_CONTINUE,
} from "../features/bookings/strings.ts";
import { useSession } from "../lib/auth-client.ts";
import NotFound from "./not-found.tsx";

/** Where the payment provider sends the buyer back: ?payment=approved|processing|declined|…. */
function PaymentBanner({ pending }: { pending: boolean }) {
  const [params] = useSearchParams();
  const payment = params.get("payment") ?? "";
  if (!(payment in PAYMENT_BANNERS)) return null;
  const outcome = payment as PaymentOutcome;
  const approved = outcome === "approved" || outcome === "processing";
  // "Your request is with the creator" only while it is: a balance approved later says less.
  const text = outcome === "approved" && !pending ? "Payment approved" : PAYMENT_BANNERS[outcome];
  const Icon = approved ? CheckCircle2 : XCircle;
  return (
    <div
      role="status"
      className={
        approved
          ? "mb-6 flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800"
          : "mb-6 flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-800"
      }
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {text}
    </div>
  );
}

function LoadedBooking({ id }: { id: string }) {
  useLiveBookings();
  return (
    <QueryState
      query={useBooking(id)}
      failed="This booking could not be loaded."
      refusals={{
        not_found: <NotFound />,
        bad_request: <NotFound />,
        validation_failed: <NotFound />,
      }}
    >
      {(booking) => (
        <>
          <PaymentBanner pending={booking.status === "pending"} />
          <BookingDetail booking={booking} />
        </>
      )}
    </QueryState>
  );
}

export default function BookingDetailScreen() {
  const { id = "" } = useParams();
  const session = useSession();
  return (
    <Container className="pb-28">
      <BackLink to={PAGE_ROUTES.bookings}>Back to {BOOKINGS_TITLE}</BackLink>
      <div className="pt-6">
        {session.data ? (
          <LoadedBooking id={id} />
        ) : session.isPending ? (
          <PageSpinner />
        ) : (
          <>
            <PageHeading title="Booking" subtitle="Sign in to see this booking." />
            <Button onClick={() => openAuthDialog("signin")}>{SIGN_IN_TO_CONTINUE}</Button>
          </>
        )}
      </div>
    </Container>
  );
}
