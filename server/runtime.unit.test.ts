import { describe, expect, it } from "vitest";

// The project runs on the Node 24 binary from the `node` package (decision 011), whatever
// Node the machine has: npm scripts put node_modules/.bin first on PATH. If this fails, the
// package's install script did not run (see `allowScripts` in package.json).
describe("runtime", () => {
  it("is Node 24 or newer", () => {
    const major = Number(process.versions.node.split(".")[0]);
    expect(major, `running on Node ${process.versions.node}`).toBeGreaterThanOrEqual(24);
  });
});
