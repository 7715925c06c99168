import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { BackOfficePage } from "../features/admin/back-office-nav.tsx";
import { ProblemsList } from "../features/admin/problems-list.tsx";

export default function AdminProblemsScreen() {
  return (
    <AdminGuard>
      <BackOfficePage
        title="Reported problems"
        subtitle="Disputed deliveries, reported conversations, booking problems and repeat hail cancels."
      >
        <ProblemsList />
      </BackOfficePage>
    </AdminGuard>
  );
}
