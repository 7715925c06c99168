import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../platform/project-root.ts";

export type SourceFile = { file: string; text: string };

/** The shipped .ts files under `dir` (relative to the project root), tests left out. */
export function shippedSources(dir: string): SourceFile[] {
  const root = path.join(PROJECT_ROOT, dir);
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .map((file) => ({ file: path.relative(PROJECT_ROOT, file), text: readFileSync(file, "utf8") }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** Each line of `text` a pattern matches, as "file:line: text". */
export function matchingLines(source: SourceFile, pattern: RegExp): string[] {
  return source.text
    .split("\n")
    .flatMap((line, i) => (pattern.test(line) ? [`${source.file}:${i + 1}: ${line.trim()}`] : []));
}
