import { describe, expect, it } from "vitest";
import { uniqueNames } from "./photos.ts";

describe("uniqueNames", () => {
  it("numbers a repeated name from 2, ignoring case", () => {
    expect(uniqueNames(["beach.jpg", "Beach.JPG", "beach.jpg", "sea.png"])).toEqual([
      "beach.jpg",
      "Beach (2).JPG",
      "beach (3).jpg",
      "sea.png",
    ]);
  });

  it("never gives a repeat the name of another photo, before or after it", () => {
    expect(uniqueNames(["beach.jpg", "beach.jpg", "beach (2).jpg"])).toEqual([
      "beach.jpg",
      "beach (3).jpg",
      "beach (2).jpg",
    ]);
    expect(uniqueNames(["beach (2).jpg", "beach.jpg", "beach.jpg"])).toEqual([
      "beach (2).jpg",
      "beach.jpg",
      "beach (3).jpg",
    ]);
  });
});
