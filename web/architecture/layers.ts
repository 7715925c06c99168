// The web's layers, top to bottom (ARCHITECTURE.md): entry (main.tsx, router.tsx) → routes (one
// screen each) → app-shell (header, menus, tab bar: composes features) → features/<domain> →
// components (generic widgets) and lib (API client, events, formatting, errors). An area may
// import its own layer or below, never above; feature folders import each other without a
// cycle and never the app shell or a screen.

export const WEB_AREAS = ["entry", "routes", "app-shell", "features", "components", "lib"] as const;

const rank = (area: string) => WEB_AREAS.indexOf(area.split("/")[0] as (typeof WEB_AREAS)[number]);

/** Whether `area` is one of the places web code may live. */
export const isKnownArea = (area: string) => rank(area) >= 0;

/** Imports that point up a layer (lib is below components: generic code below widgets). */
export function upwardImports(graph: Map<string, Set<string>>): string[] {
  const up: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (rank(to) < rank(from)) up.push(`${from} → ${to}`);
    }
  }
  return up.sort();
}
