import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { AuditList } from "../features/admin/audit-list.tsx";
import { BackOfficePage } from "../features/admin/back-office-nav.tsx";

export default function AdminAuditScreen() {
  return (
    <AdminGuard>
      <BackOfficePage
        title="Audit log"
        subtitle="Every staff action: who did what, to what, and why."
      >
        <AuditList />
      </BackOfficePage>
    </AdminGuard>
  );
}
