import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// One accessibility check for every journey (issue 23): axe over what the page shows now —
// dialogs and menus included while they are open — failing on any serious or critical
// violation. Also run: the check that a control's name contains its visible text (WCAG 2.5.3),
// which axe ships disabled.

/**
 * No serious or critical axe violation on the page (or inside `include`), named in the failure;
 * `soft` lets a journey that checks many screens name every failing one.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  { include, soft = false }: { include?: string; soft?: boolean } = {},
) {
  let axe = new AxeBuilder({ page }).options({
    rules: { "label-content-name-mismatch": { enabled: true } },
  });
  if (include) axe = axe.include(include);
  // Scanned as it settles: a toast fading in or out (or stacked behind another) is half
  // transparent mid-transition, which axe would measure as low contrast.
  const settle = await page.addStyleTag({
    content: "*,*::before,*::after{transition:none!important;animation:none!important}",
  });
  const { violations } = await axe
    .analyze()
    .finally(() => settle.evaluate((tag) => (tag as Element).remove()));
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  (soft ? expect.soft : expect)(
    serious,
    `${what}: serious or critical accessibility violations`,
  ).toEqual([]);
}
