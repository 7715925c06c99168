import { fragmentBuilder } from "../../platform/read-fragments.ts";

// Read fragments other domains compose into their own queries (docs/decisions/007-table-ownership.md).

/** Conversations, for the back office. */
export const conversationRows = fragmentBuilder.selectFrom("conversations").selectAll();

/** Reported conversations, for the back office. */
export const conversationReportRows = fragmentBuilder
  .selectFrom("conversation_reports")
  .selectAll();
