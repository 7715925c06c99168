import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Database tests run once on embedded PGlite and, when TEST_DATABASE_URL is set, again on
// PostgreSQL. Pure unit tests (*.unit.test.ts) run once; *.postgres.test.ts need a server;
// *.pglite.test.ts test the embedded database itself. Web components (*.component.test.tsx)
// render in jsdom with React Testing Library, against the real forms and zod schemas; only
// the network (fetch) is faked.
const databaseProjects = [{ name: "pglite", kind: "pglite" }];
if (process.env.TEST_DATABASE_URL) databaseProjects.push({ name: "postgres", kind: "postgres" });
else console.warn("TEST_DATABASE_URL is not set: database tests run on PGlite only.");

/**
 * Vitest runs projects one after another by name, each file in order of its last duration
 * (on a fresh clone, with none cached, of its size). By name, the unit files came last and the
 * CLI test among them (small, about 30 s) ran alone at the very end. Here the projects with
 * long files start the run and the jsdom screens (short files, largest first) end it.
 */
const PROJECT_ORDER = ["unit", "pglite", "postgres", "component"];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    // One worker per core, not Vitest's cores − 1: database files wait on the database as much
    // as they compute (on CI's two cores, 10 min instead of 15).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "unit",
          include: ["{server,web,contracts,scripts}/**/*.unit.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "component",
          include: ["web/**/*.component.test.tsx"],
          environment: "jsdom",
          setupFiles: ["web/test/component-setup.ts"],
          // A screen test clicks through a whole screen: on two busy cores that can pass 5 s.
          testTimeout: 15_000,
        },
      },
      ...databaseProjects.map(({ name, kind }) => ({
        test: {
          name,
          include: ["server/**/*.test.ts"],
          exclude: [
            "server/**/*.unit.test.ts",
            ...(kind === "pglite"
              ? ["server/**/*.postgres.test.ts"]
              : ["server/**/*.pglite.test.ts"]),
          ],
          environment: "node",
          env: { TEST_DB_KIND: kind },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file builds its own app and database, and no server test mocks modules, so
          // files share a worker's module graph: importing the app once per worker instead of
          // once per file (about 4 s each) saves minutes in CI.
          isolate: false,
          // The delivery ZIP's test measures what the process holds after a full collection.
          execArgv: ["--expose-gc"],
        },
      })),
    ],
  },
});
