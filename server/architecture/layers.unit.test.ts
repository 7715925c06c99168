import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../platform/project-root.ts";
import { featureImportGraph } from "./import-graph.ts";
import { LAYERS, layerOf } from "./layers.ts";

const FEATURES = path.join(PROJECT_ROOT, "server/features");

/** Imports that point from a lower layer up to a higher one: "from → to". */
function upwardImports(graph: Map<string, Set<string>>): string[] {
  const up: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const a = layerOf(from);
      const b = layerOf(to);
      if (a !== undefined && b !== undefined && b < a) up.push(`${from} → ${to}`);
    }
  }
  return up.sort();
}

describe("feature layers", () => {
  it("place every feature folder in a layer", () => {
    const folders = readdirSync(FEATURES, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => layerOf(f) === undefined)).toEqual([]);
    expect(LAYERS.flat().filter((f) => !folders.includes(f))).toEqual([]);
  });

  it("import nothing from a higher layer", () => {
    expect(upwardImports(featureImportGraph(FEATURES))).toEqual([]);
  });

  it("finds an upward import when there is one", () => {
    const graph = new Map([["payments", new Set(["bookings"])]]);
    expect(upwardImports(graph)).toEqual(["payments → bookings"]);
  });
});
