import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { NotificationsMenu } from "../features/admin/notifications-menu.tsx";
import { StaffReviews } from "../features/reviews/staff-reviews.tsx";

export default function AdminReviewsScreen() {
  return (
    <AdminGuard>
      <StaffReviews notifications={<NotificationsMenu />} />
    </AdminGuard>
  );
}
