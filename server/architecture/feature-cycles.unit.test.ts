import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../platform/project-root.ts";
import { cycles, featureImportGraph } from "./import-graph.ts";

const FEATURES = path.join(PROJECT_ROOT, "server/features");

describe("feature folders", () => {
  it("import each other without a cycle", () => {
    expect(cycles(featureImportGraph(FEATURES))).toEqual([]);
  });

  it("payments imports no other feature", () => {
    expect([...(featureImportGraph(FEATURES).get("payments") ?? [])]).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c"]]);
  });
});
