import { ScreenInProgress } from "../components/layout/screen-in-progress.tsx";
import { AdminGuard } from "../features/admin/admin-guard.tsx";

export default function Screen() {
  return (
    <AdminGuard>
      <ScreenInProgress title="Applications" />
    </AdminGuard>
  );
}
