import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { twMerge } from "tailwind-merge";
import { afterAll, describe, expect, it } from "vitest";
import { classCandidates, trimClassGroups, usedClassGroups } from "./tailwind-merge-trim.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "tailwind-merge-trim-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The class without its variants and importance: what decides its group. */
const base = (cls: string) => cls.slice(cls.lastIndexOf(":") + 1).replace(/^!|!$/g, "");

describe("tailwind-merge trimmed to the app's classes", () => {
  it("merges every two of the app's classes as the full config does", async () => {
    const words = classCandidates();
    const bundle = createRequire(import.meta.url).resolve("tailwind-merge");
    const file = path.join(dir, "trimmed.mjs");
    writeFileSync(file, trimClassGroups(readFileSync(bundle, "utf8"), usedClassGroups(words)));
    const trimmed: typeof twMerge = (await import(pathToFileURL(file).href)).twMerge;
    const classes = [...new Set([...words].filter((w) => twMerge(`${w} ${w}`) === w).map(base))];
    expect(classes.length).toBeGreaterThan(300);
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        if (trimmed(`${a} ${b}`) !== twMerge(`${a} ${b}`)) differ.push(`${a} ${b}`);
      }
    }
    expect(differ).toEqual([]);
    // What the trim is for: far fewer groups than Tailwind has.
    expect(readFileSync(file, "utf8").length).toBeLessThan(
      readFileSync(bundle, "utf8").length * 0.7,
    );
  }, 120_000);

  it("refuses a bundle whose layout it does not know", () => {
    expect(() => trimClassGroups("export const twMerge = () => '';", new Set())).toThrow(/layout/);
  });
});
