import { Container, PageHeading } from "../components/ui/page.tsx";
import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { StaffPayouts } from "../features/earnings/staff-payouts.tsx";

export default function AdminPayoutsScreen() {
  return (
    <AdminGuard>
      <Container className="max-w-4xl pb-16">
        <PageHeading
          title="Payouts"
          subtitle="Manual payouts to send, failures to retry, and creators' commission tiers."
        />
        <StaffPayouts />
      </Container>
    </AdminGuard>
  );
}
