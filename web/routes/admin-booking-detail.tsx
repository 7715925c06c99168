import { useParams } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Card, CardContent } from "../components/ui/card.tsx";
import { QueryState } from "../components/ui/query-state.tsx";
import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { useAdminBooking } from "../features/admin/back-office-api.ts";
import { BackOfficePage } from "../features/admin/back-office-nav.tsx";
import { BookingDetailView } from "../features/admin/booking-detail-view.tsx";

function Detail({ id }: { id: string }) {
  return (
    <QueryState
      query={useAdminBooking(id)}
      failed="We could not load this booking."
      refusals={{
        not_found: (
          <Card>
            <CardContent className="p-8 text-center text-ink-700">
              There is no booking with this id.
            </CardContent>
          </Card>
        ),
      }}
    >
      {(booking) => <BookingDetailView booking={booking} />}
    </QueryState>
  );
}

export default function AdminBookingDetailScreen() {
  const { id = "" } = useParams();
  return (
    <AdminGuard>
      <BackOfficePage
        title="Booking"
        back={{ to: PAGE_ROUTES.adminBookings, label: "Back to Bookings" }}
      >
        <Detail id={id} />
      </BackOfficePage>
    </AdminGuard>
  );
}
