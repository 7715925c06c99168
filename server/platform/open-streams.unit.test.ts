import { describe, expect, it } from "vitest";
import { createOpenStreams } from "./open-streams.ts";

describe("open event streams", () => {
  it("ends every open stream once, skips released ones, and ends late openers at once", async () => {
    const streams = createOpenStreams();
    const ended: string[] = [];
    const end = (name: string) => async () => void ended.push(name);
    streams.track(end("a"));
    const release = streams.track(end("b"));
    release();
    await streams.endAll();
    expect(ended).toEqual(["a"]);
    await streams.endAll();
    expect(ended).toEqual(["a"]);
    streams.track(end("late"));
    expect(ended).toEqual(["a", "late"]);
  });
});
