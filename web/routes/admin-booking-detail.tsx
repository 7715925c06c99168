import { useParams } from "react-router";
import { PAGE_ROUTES } from "../../contracts/routes.ts";
import { Card, CardContent } from "../components/ui/card.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { useAdminBooking } from "../features/admin/back-office-api.ts";
import { BackOfficePage } from "../features/admin/back-office-nav.tsx";
import { BookingDetailView } from "../features/admin/booking-detail-view.tsx";
import { isApiError } from "../lib/api-errors.ts";

function Detail({ id }: { id: string }) {
  const { data, error, isPending } = useAdminBooking(id);
  if (isPending) return <PageSpinner />;
  if (!data) {
    return (
      <Card>
        <CardContent className="p-8 text-center text-ink-700">
          {isApiError(error, "not_found")
            ? "There is no booking with this id."
            : "We could not load this booking."}
        </CardContent>
      </Card>
    );
  }
  return <BookingDetailView booking={data} />;
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
