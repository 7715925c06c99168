import type { AppDeps } from "../../platform/deps.ts";
import { storeImage } from "../../platform/images.ts";
import { scheduleSampleCleanup } from "./sample-cleanup.ts";

/** Applicants' samples are private: only staff see them, through the admin router. */
export const SAMPLE_PREFIX = "private/application-samples";

export async function storeSampleImage(deps: AppDeps, data: Buffer) {
  const stored = await storeImage(deps.storage, SAMPLE_PREFIX, data);
  await scheduleSampleCleanup(deps, stored.key, deps.jobs.now());
  return { key: stored.key };
}

export async function sampleImageExists(deps: Pick<AppDeps, "storage">, key: string) {
  return (await deps.storage.get(`${key}/thumb.webp`)) !== null;
}
