import { describe, expect, it } from "vitest";
import { findInWeb } from "./scan.ts";

// Every staff list keeps its page, search and filters in the address through one hook,
// web/lib/use-list-params.ts: no staff screen reads or writes the query string itself.

const STAFF_CODE = /^features\/(admin\/|\w+\/(staff-|applications-list))/;

describe("staff lists", () => {
  it("keep their address through useListParams only", () => {
    const own = findInWeb(/\buseSearchParams\b/, ["lib/use-list-params.ts"]);
    expect(own.filter((hit) => STAFF_CODE.test(hit))).toEqual([]);
  });

  it("recognises staff code", () => {
    expect(STAFF_CODE.test("features/reviews/staff-reviews.tsx:3: x")).toBe(true);
    expect(STAFF_CODE.test("features/applications/applications-list.tsx:3: x")).toBe(true);
    expect(STAFF_CODE.test("features/admin/users-list.tsx:2: x")).toBe(true);
    expect(STAFF_CODE.test("routes/search.tsx:1: x")).toBe(false);
  });
});
