import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PROJECT_ROOT } from "../platform/project-root.ts";

const run = promisify(execFile);

/**
 * Checks JSON-LD documents against schema.org's types as schema-dts (Google's typings generated
 * from the schema.org vocabulary) describes them: an unknown property, a value of the wrong type
 * or an unknown @type is a type error. One compiler run for all documents; returns each
 * document's errors, empty when it is valid.
 */
export async function schemaOrgErrors(documents: [unknown, string][]): Promise<string[][]> {
  // Inside the project, so the compiler resolves schema-dts from its node_modules.
  const dir = path.join(
    PROJECT_ROOT,
    "node_modules",
    ".cache",
    `schema-org-${process.pid}-${Date.now()}`,
  );
  await mkdir(dir, { recursive: true });
  try {
    const files = documents.map((_, i) => `document-${i}.ts`);
    await Promise.all(
      documents.map(([document, typeName], i) =>
        writeFile(
          path.join(dir, files[i]!),
          `import type { WithContext, ${typeName} } from "schema-dts";\n` +
            `export const document: WithContext<${typeName}> = ${JSON.stringify(document, null, 2)};\n`,
        ),
      ),
    );
    const tsconfig = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        types: [],
      },
      files,
    };
    await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    const tsc = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsc");
    const output = await run(tsc, ["-p", dir, "--pretty", "false"]).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    const lines = output.split("\n").filter(Boolean);
    // Paths are printed relative to the working directory: match on the file name.
    return files.map((file) => lines.filter((line) => line.includes(`/${file}(`)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
