import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// One cycle finder (Tarjan) for both houses: the server's feature folders and the web's areas.
export { cycles } from "../../server/architecture/import-graph.ts";

// The web's import graph by area, read from the source: which area (a top folder of web/, or
// one feature folder) imports which. Tests and their fixtures (web/test) are left out: only
// what ships counts. Lazy `import("…")` counts as an import.

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

export type AreaGraph = Map<string, Set<string>>;

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** "features/bookings", "components", "lib", "app-shell", "routes", "entry" (main, router). */
export function areaOf(file: string): string | null {
  const relative = path.relative(WEB_ROOT, file);
  if (relative.startsWith("..")) return null;
  const [top, second] = relative.split(path.sep);
  if (top === undefined) return null;
  if (top === "features") return second && !second.includes(".") ? `features/${second}` : null;
  return top.includes(".") ? "entry" : top;
}

/** Every .ts/.tsx file of web/ that ships (not tests, fixtures or these checks). */
export function shippedSources(): string[] {
  return readdirSync(WEB_ROOT, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !["test", "architecture"].includes(areaOf(file) ?? ""));
}

/** The files each area imports from another area, as "area → area" edges. */
export function webImportGraph(files = shippedSources()): AreaGraph {
  const graph: AreaGraph = new Map();
  for (const file of files) {
    const from = areaOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? "";
      if (!specifier.startsWith(".")) continue;
      const to = areaOf(path.resolve(path.dirname(file), specifier));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}
