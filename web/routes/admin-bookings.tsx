import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { BackOfficePage } from "../features/admin/back-office-nav.tsx";
import { AdminBookingsList } from "../features/admin/bookings-list.tsx";

export default function AdminBookingsScreen() {
  return (
    <AdminGuard>
      <BackOfficePage
        title="Bookings"
        subtitle="Find any booking by a party's name or email, or its id."
      >
        <AdminBookingsList />
      </BackOfficePage>
    </AdminGuard>
  );
}
