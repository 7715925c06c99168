import { expect, test } from "@playwright/test";
import { SCREENS } from "./screen-headings.ts";
import { expectAccessible } from "./support/accessibility.ts";

// Every route of the route table shows its heading (edit the list in screen-headings.ts) and
// passes axe with no serious or critical violation, as a signed-out visitor sees it (with the
// sign-in dialog a screen opens by itself). One page visits a group of routes (a new browser
// context per route cost CI minutes) and the groups are separate tests, so the run's two workers
// share the walk instead of one walking it alone at the end; each route is its own step and its
// own soft check, so one run names every screen that is wrong. A screen several routes lead to
// (the staff sign-in) is scanned once: the staff routes are one group.
const STAFF = SCREENS.filter(({ path }) => path.startsWith("/admin"));
const PUBLIC = SCREENS.filter(({ path }) => !path.startsWith("/admin"));
const PUBLIC_GROUPS = 4;
const GROUPS = [
  ...Array.from({ length: PUBLIC_GROUPS }, (_, i) =>
    PUBLIC.filter((_, n) => Math.floor((n * PUBLIC_GROUPS) / PUBLIC.length) === i),
  ),
  STAFF,
];

test("the route groups hold every route once", () => {
  const names = (screens: typeof SCREENS) => screens.map((s) => s.name).sort();
  expect(names(GROUPS.flat())).toEqual(names(SCREENS));
});

for (const group of GROUPS) {
  const first = group[0]?.path;
  const last = group.at(-1)?.path;
  test(`every route shows its heading and is accessible: ${first} … ${last}`, async ({ page }) => {
    test.setTimeout(group.length * 12_000);
    const scanned = new Set<string>();
    for (const { path, heading } of group) {
      await test.step(path, async () => {
        await page.goto(path);
        // By its place, not its role: a screen that opens the sign-in dialog by itself for a
        // signed-out visitor (the Availability Manager) keeps its heading under the dialog.
        await expect.soft(page.locator("#main h1"), path).toHaveText(heading);
        const landed = new URL(page.url()).pathname;
        if (scanned.has(landed)) return;
        scanned.add(landed);
        await expectAccessible(page, path, { soft: true });
      });
    }
  });
}
