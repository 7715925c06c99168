import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Who is staff, for the back office's user list. */
export const staffRows = fragmentBuilder.selectFrom("admin_users").selectAll();

/** The audit log, for the back office. */
export const staffAuditRows = fragmentBuilder.selectFrom("staff_audit_log").selectAll();
