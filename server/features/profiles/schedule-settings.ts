import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

// The profile row owns a creator's schedule settings (migration 090); the availability feature
// (server/features/availability/schedule-*.ts) changes them through this one writer.

export async function updateScheduleSettings(
  db: Kysely<DB>,
  profileId: string,
  settings: { minNoticeMinutes: number; bufferMinutes: number },
) {
  await db
    .updateTable("photographer_profiles")
    .set({
      min_notice_minutes: settings.minNoticeMinutes,
      buffer_minutes: settings.bufferMinutes,
    })
    .where("id", "=", profileId)
    .execute();
}
