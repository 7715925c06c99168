import { useParams } from "react-router";
import { bookingPagePath } from "../../contracts/bookings.ts";
import { Button } from "../components/ui/button.tsx";
import { BackLink, Container, PageHeading } from "../components/ui/page.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { openAuthDialog } from "../features/accounts/auth-dialog-store.ts";
import { SIGN_IN_TO_CONTINUE } from "../features/bookings/strings.ts";
import { useDelivery } from "../features/delivery/api.ts";
import { DeliveryScreen } from "../features/delivery/delivery-screen.tsx";
import { PHOTOS_TITLE, SIGN_IN_PHOTOS } from "../features/delivery/strings.ts";
import { useSession } from "../lib/auth-client.ts";
import NotFound from "./not-found.tsx";

function LoadedDelivery({ id }: { id: string }) {
  return (
    <QueryState
      query={useDelivery(id)}
      failed="The photos could not be loaded."
      refusals={{ not_found: <NotFound /> }}
    >
      {(delivery) => <DeliveryScreen delivery={delivery} />}
    </QueryState>
  );
}

/** 'View Photos': the booking's delivery, for its two parties and staff. */
export default function BookingPhotosScreen() {
  const { id = "" } = useParams();
  const session = useSession();
  return (
    <Container className="pb-28">
      <BackLink to={bookingPagePath(id)}>Back to the booking</BackLink>
      <div className="pt-2">
        {session.data ? (
          <LoadedDelivery id={id} />
        ) : session.isPending ? (
          <PageSpinner />
        ) : (
          <>
            <PageHeading title={PHOTOS_TITLE} subtitle={SIGN_IN_PHOTOS} />
            <Button onClick={() => openAuthDialog("signin")}>{SIGN_IN_TO_CONTINUE}</Button>
          </>
        )}
      </div>
    </Container>
  );
}
