import { test } from "@playwright/test";

/**
 * A world (its own app and database) shared by one spec file's tests in a worker: started by
 * the first test that needs it and closed once the file's tests are done, so worlds do not pile
 * up in workers until the run ends. Call at the top level of the spec file, together with
 * `test.describe.configure({ mode: "default" })` so the file's tests share one worker.
 */
export function fileWorld<W extends { app: { close(): Promise<void> } }>(start: () => Promise<W>) {
  let world: Promise<W> | undefined;
  test.afterAll(async () => {
    const started = world;
    world = undefined;
    if (started) await (await started).app.close();
  });
  return () => {
    world ??= start();
    return world;
  };
}

/** How long a world may take to start on a busy two-core machine. */
export const WORLD_START_TIMEOUT_MS = 300_000;
