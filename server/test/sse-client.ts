/** One Server-Sent Event as the browser sees it. */
export type SseMessage = { event: string; id?: string; data: string };

export type SseStream = {
  /** Messages (comments skipped) until `stop` returns true for one, which is included. */
  readUntil(stop: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage[]>;
  /** Cuts the connection, as a dropped network would. */
  close(): void;
};

/** Opens an event stream the way EventSource does, with an optional Last-Event-ID. */
export async function openSseStream(
  url: string,
  options: { cookie?: string; lastEventId?: string } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });
  if (!response.headers.get("content-type")?.includes("text/event-stream")) {
    throw new Error(`not an event stream: ${response.status}`);
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const pending: SseMessage[] = [];

  function parse() {
    const blocks = text.split("\n\n");
    text = blocks.pop() ?? "";
    for (const block of blocks) {
      const message: SseMessage = { event: "message", data: "" };
      let fields = 0;
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        if (colon === 0) continue;
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, "");
        fields++;
        if (field === "event") message.event = value;
        else if (field === "id") message.id = value;
        else if (field === "data") message.data += message.data ? `\n${value}` : value;
      }
      if (fields) pending.push(message);
    }
  }

  return {
    async readUntil(stop, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      const read: SseMessage[] = [];
      for (;;) {
        while (pending.length) {
          const message = pending.shift()!;
          read.push(message);
          if (stop(message)) return read;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`stream: no match within ${timeoutMs} ms: ${JSON.stringify(read)}`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<"timeout">((resolve) => {
            timer = setTimeout(() => resolve("timeout"), left);
          }),
        ]);
        clearTimeout(timer);
        if (chunk === "timeout") continue;
        if (chunk.done) throw new Error(`stream ended: ${JSON.stringify(read)}`);
        text += chunk.value;
        parse();
      }
    },
    close: () => controller.abort(),
  };
}
