import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

/** Strongly connected groups of more than one area (Tarjan): each is an import cycle. */
export function cycles(graph: AreaGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return found;
}
