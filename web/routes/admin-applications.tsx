import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { NotificationsMenu } from "../features/admin/notifications-menu.tsx";
import { ApplicationsList } from "../features/applications/applications-list.tsx";

export default function AdminApplicationsScreen() {
  return (
    <AdminGuard>
      <ApplicationsList notifications={<NotificationsMenu />} />
    </AdminGuard>
  );
}
