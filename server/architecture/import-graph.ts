import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The folder-level import graph of the server's features, read from the source: which feature
// folder imports which. Tests (*.test.ts) and test helpers are left out: only what ships counts.

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g;

export type FolderGraph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !/test-helpers\.ts$/.test(file));
}

/** The feature folder a file belongs to ("bookings" for server/features/bookings/x/y.ts). */
function featureOf(featuresDir: string, file: string): string | null {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith("..")) return null;
  return relative.split(path.sep)[0] ?? null;
}

export function featureImportGraph(featuresDir: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(featuresDir, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? "";
      if (!specifier.startsWith(".")) continue;
      const to = featureOf(featuresDir, path.resolve(path.dirname(file), specifier));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one folder: each is an import cycle. */
export function cycles(graph: FolderGraph): string[][] {
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
