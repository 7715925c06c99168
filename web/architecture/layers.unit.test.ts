import { describe, expect, it } from "vitest";
import { areaOf, cycles, WEB_ROOT, webImportGraph } from "./import-graph.ts";
import { isKnownArea, upwardImports } from "./layers.ts";

const graph = webImportGraph();
const featureGraph = new Map(
  [...graph]
    .filter(([from]) => from.startsWith("features/"))
    .map(([from, to]) => [from, new Set([...to].filter((t) => t.startsWith("features/")))]),
);

describe("web layers", () => {
  it("place every shipped file in a known area", () => {
    expect([...graph.keys()].filter((area) => !isKnownArea(area))).toEqual([]);
    expect(graph.has("app-shell")).toBe(true);
  });

  it("import nothing from a higher layer: components and lib no feature, features no shell or screen", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("feature folders import each other without a cycle", () => {
    expect(cycles(featureGraph)).toEqual([]);
  });

  it("finds an upward import and a cycle when there is one", () => {
    const broken = new Map([
      ["components", new Set(["features/bookings"])],
      ["lib", new Set(["components"])],
      ["features/bookings", new Set(["app-shell", "features/hail"])],
      ["features/hail", new Set(["routes", "features/bookings"])],
      ["routes", new Set(["app-shell"])],
    ]);
    expect(upwardImports(broken)).toEqual([
      "components → features/bookings",
      "features/bookings → app-shell",
      "features/hail → routes",
      "lib → components",
    ]);
    expect(cycles(broken)).toEqual([["features/bookings", "features/hail"]]);
  });

  it("reads a file's area from its path", () => {
    expect(areaOf(`${WEB_ROOT}/features/hail/api.ts`)).toBe("features/hail");
    expect(areaOf(`${WEB_ROOT}/app-shell/tab-bar.tsx`)).toBe("app-shell");
    expect(areaOf(`${WEB_ROOT}/router.tsx`)).toBe("entry");
  });
});
