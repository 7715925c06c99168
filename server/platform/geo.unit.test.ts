import { describe, expect, it } from "vitest";
import { geocodePlace } from "./geo.ts";

describe("placing what people type", () => {
  it("finds a ZIP code, a City, ST pair, or nothing", () => {
    expect(geocodePlace("Studio in 33139")).toMatchObject({ label: "Miami Beach, FL" });
    const miami = geocodePlace("miami, fl");
    expect(miami?.lat).toBeCloseTo(25.8, 0);
    expect(miami?.lng).toBeCloseTo(-80.3, 0);
    expect(geocodePlace("Atlantis")).toBeNull();
    expect(geocodePlace("00000")).toBeNull();
  });

  it("finds the city and state at the end of a street address, with or without its ZIP", () => {
    expect(geocodePlace("1000 Ocean Dr, Miami Beach, FL")).toMatchObject({
      label: "Miami Beach, FL",
    });
    expect(geocodePlace("12 Main St, Springfield, IL 62701")).toMatchObject({
      label: "Springfield, IL",
    });
    expect(geocodePlace("Key West, fl, USA")).toMatchObject({ label: "Key West, FL" });
    expect(geocodePlace("1 Nowhere Rd, Atlantis, XX")).toBeNull();
  });
});
