import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { BackOfficePage } from "../features/admin/back-office-nav.tsx";
import { UsersList } from "../features/admin/users-list.tsx";

export default function AdminUsersScreen() {
  return (
    <AdminGuard>
      <BackOfficePage
        title="Users"
        subtitle="Find clients and creators; deactivate or reactivate an account."
      >
        <UsersList />
      </BackOfficePage>
    </AdminGuard>
  );
}
