/**
 * Event streams never finish on their own, so shutdown ends them: each open stream registers
 * how to end it, and `endAll` ends every one (telling browsers to reconnect, elsewhere).
 */
export type OpenStreams = {
  /** Registers a stream's ending; returns the release to call when the stream closes itself. */
  track(end: () => Promise<void>): () => void;
  endAll(): Promise<void>;
};

export function createOpenStreams(): OpenStreams {
  const open = new Set<() => Promise<void>>();
  let ending = false;
  return {
    track(end) {
      // A stream whose request began just before shutdown is ended as soon as it opens.
      if (ending) {
        void end();
        return () => {};
      }
      open.add(end);
      return () => open.delete(end);
    },
    async endAll() {
      ending = true;
      const streams = [...open];
      open.clear();
      await Promise.allSettled(streams.map((end) => end()));
    },
  };
}
