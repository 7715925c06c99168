import { readFileSync } from "node:fs";
import path from "node:path";
import { areaOf, shippedSources, WEB_ROOT } from "./import-graph.ts";

/** "path:line: text" for each line of shipped web code matching `pattern`, outside `allowed` areas. */
export function findInWeb(pattern: RegExp, allowed: string[] = []): string[] {
  const found: string[] = [];
  for (const file of shippedSources()) {
    if (allowed.includes(areaOf(file) ?? "")) continue;
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (pattern.test(line))
          found.push(`${path.relative(WEB_ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}
