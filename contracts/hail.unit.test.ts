import { describe, expect, it } from "vitest";
import { placeOfAddress } from "./hail.ts";

describe("the place of a typed address", () => {
  it("is its ZIP, else its City, ST, else nothing: never the street", () => {
    expect(placeOfAddress("1000 Ocean Dr, Miami Beach, FL 33139")).toBe("33139");
    expect(placeOfAddress("1000 Ocean Dr, Miami Beach, FL")).toBe("Miami Beach, FL");
    expect(placeOfAddress("key west, fl, USA")).toBe("key west, FL");
    // A ZIP still being typed leaves the city and state, so the price does not flicker.
    expect(placeOfAddress("1000 Ocean Dr, Miami Beach, FL 331")).toBe("Miami Beach, FL");
    expect(placeOfAddress("1000 Ocean Dr")).toBeNull();
    expect(placeOfAddress("Miami, F")).toBeNull();
  });
});
