import { useParams } from "react-router";
import { AdminGuard } from "../features/admin/admin-guard.tsx";
import { ConversationReport } from "../features/notifications/conversation-report.tsx";

export default function AdminConversationReportScreen() {
  const { id = "" } = useParams();
  return (
    <AdminGuard>
      <ConversationReport key={id} id={id} />
    </AdminGuard>
  );
}
