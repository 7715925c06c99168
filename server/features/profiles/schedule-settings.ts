import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { updateScheduleSettingsColumns } from "./profile-settings-queries.ts";

// The profile row owns a creator's schedule settings (migration 090); the availability feature
// (server/features/availability/schedule-*.ts) changes them through this one writer.

export async function updateScheduleSettings(
  db: Kysely<DB>,
  profileId: string,
  settings: { minNoticeMinutes: number; bufferMinutes: number },
) {
  await updateScheduleSettingsColumns(db, profileId, {
    min_notice_minutes: settings.minNoticeMinutes,
    buffer_minutes: settings.bufferMinutes,
  });
}
