import { describe, expect, it } from "vitest";
import { findInWeb } from "./scan.ts";

// One loading / refused / failed / 'Try again' block: components/ui/query-state.tsx. A screen
// passes it its query and its words instead of drawing its own retry button.

const RETRY_BUTTON = /^\s*Try again\s*$|>\s*Try again\s*</;

describe("the web's one retry block", () => {
  it("is the only 'Try again' button", () => {
    expect(
      findInWeb(RETRY_BUTTON, [
        "components/ui/query-state.tsx",
        // Not a query's state: the staff check's own status (signed out, two-factor, error…).
        "features/admin/admin-guard.tsx",
      ]),
    ).toEqual([]);
  });

  it("recognises a retry button", () => {
    expect(RETRY_BUTTON.test("<Button onClick={retry}>Try again</Button>")).toBe(true);
    expect(RETRY_BUTTON.test("          Try again")).toBe(true);
    expect(RETRY_BUTTON.test('return "The price could not be loaded. Try again.";')).toBe(false);
  });
});
