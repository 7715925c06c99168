import { describe, expect, it } from "vitest";
import { firstLoadIcons } from "./first-load-icons.ts";

describe("the home page's first-load icons", () => {
  it("holds the header's and the home screen's icons, not those only other screens draw", () => {
    const icons = firstLoadIcons();
    expect(icons).toContain("menu.mjs"); // the site header
    expect(icons).toContain("sparkles.mjs"); // the home screen
    expect(icons).not.toContain("calendar-x-2.mjs"); // bookings' empty list
    expect(icons).not.toContain("compass.mjs"); // the not-found screen
  });
});
