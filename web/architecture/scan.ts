import { readFileSync } from "node:fs";
import path from "node:path";
import { areaOf, shippedSources, WEB_ROOT } from "./import-graph.ts";

/**
 * "path:line: text" for each line of shipped web code matching `pattern`, outside `allowed`
 * (areas such as "lib", or files such as "lib/format.ts", relative to web/).
 */
export function findInWeb(pattern: RegExp, allowed: string[] = []): string[] {
  const found: string[] = [];
  for (const file of shippedSources()) {
    const relative = path.relative(WEB_ROOT, file);
    if (allowed.includes(areaOf(file) ?? "") || allowed.includes(relative)) continue;
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${relative}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}
