import { useParams } from "react-router";
import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { ApplicationDetail } from "../features/applications/application-detail.tsx";

export default function AdminApplicationDetailScreen() {
  const { id = "" } = useParams();
  return (
    <AdminGuard>
      <ApplicationDetail key={id} id={id} />
    </AdminGuard>
  );
}
