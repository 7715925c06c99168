import type { AppDeps } from "../../platform/deps.ts";
import { isSampleAttached } from "./queries.ts";
import { SAMPLE_PREFIX } from "./sample-images.ts";

export const SAMPLE_CLEANUP_JOB = "applications.sample-cleanup";

/** An applicant has this long to submit the application a sample was uploaded for. */
export const UNATTACHED_SAMPLE_HOURS = 24;

type SampleCleanup = { key: string; uploadedAt: string };

const dueAt = (uploadedAt: string) =>
  new Date(new Date(uploadedAt).getTime() + UNATTACHED_SAMPLE_HOURS * 60 * 60 * 1000);

/** Each upload schedules its own check a day later: no listing of the store is needed. */
export function scheduleSampleCleanup(deps: Pick<AppDeps, "jobs">, key: string, uploadedAt: Date) {
  const data: SampleCleanup = { key, uploadedAt: uploadedAt.toISOString() };
  return deps.jobs.send(SAMPLE_CLEANUP_JOB, data, { startAfter: dueAt(data.uploadedAt) });
}

/** At `now`, deletes the sample's files if its day is over and no application names it. */
export async function deleteSampleIfUnattached(deps: AppDeps, data: SampleCleanup, now: Date) {
  const { key } = data;
  if (!key.startsWith(`${SAMPLE_PREFIX}/`)) return;
  // Run early (the database's clock ahead of ours): check again when the day is really over.
  const due = dueAt(data.uploadedAt);
  if (now < due) {
    await deps.jobs.send(SAMPLE_CLEANUP_JOB, data, { startAfter: due });
    return;
  }
  if (await isSampleAttached(deps.database.db, key)) return;
  await deps.storage.deletePrefix(key);
  deps.log.info({ key }, "unattached sample image deleted");
}

export function defineSampleCleanupJob(deps: AppDeps) {
  deps.jobs.define<SampleCleanup>({
    name: SAMPLE_CLEANUP_JOB,
    handler: (data, { now }) => deleteSampleIfUnattached(deps, data, now),
    retryLimit: 5,
    retryDelaySeconds: 60,
  });
}
