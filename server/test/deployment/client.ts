import http from "node:http";

// A client of the deployment test: plain HTTP/1.1 through the load balancer from its own
// loopback address (per-address limits see one person each), with the retry rule a browser
// client follows: a request that got no answer, or the balancer's 502/503/504, is sent again
// as it was — writes with the same idempotency key. Every retry is recorded.

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type Retried = { operation: string; attempts: number; causes: string[] };
export type Failed = { operation: string; cause: string };

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const MAX_ATTEMPTS = 8;
const RETRY_PAUSE_MS = 250;

export class FleetClient {
  readonly agent: http.Agent;
  cookie = "";
  readonly retried: Retried[] = [];
  readonly failed: Failed[] = [];

  constructor(
    readonly origin: string,
    readonly address: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, localAddress: address });
  }

  /** One attempt: any answer, or throws when the connection gave none. */
  once(
    method: string,
    path: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<Answer> {
    const url = new URL(path, this.origin);
    const body =
      options.json !== undefined
        ? JSON.stringify(options.json)
        : options.form
          ? new URLSearchParams(options.form).toString()
          : undefined;
    const headers: Record<string, string> = {
      origin: this.origin,
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const request = http.request(url, { method, headers, agent: this.agent }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on("error", reject);
      });
      request.setTimeout(20_000, () => request.destroy(new Error("no answer within 20 s")));
      request.on("error", reject);
      request.end(body);
    });
  }

  /**
   * Sends until an answer that is not the balancer's 502/503/504 (or a lost connection)
   * arrives, and answers it. Gives up (recorded as failed) after MAX_ATTEMPTS.
   */
  async send(
    operation: string,
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer | undefined> {
    const causes: string[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        const answer = await this.once(method, path, options);
        if (!RETRYABLE_STATUS.has(answer.status)) {
          if (causes.length) this.retried.push({ operation, attempts: attempt, causes });
          return answer;
        }
        causes.push(`HTTP ${answer.status}`);
      } catch (error) {
        causes.push((error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
    this.failed.push({ operation, cause: causes.join("; ") });
    return undefined;
  }

  close() {
    this.agent.destroy();
  }
}

/**
 * One event stream held open the way EventSource holds it: whenever it ends or breaks it is
 * opened again through the balancer with the last id seen as Last-Event-ID. Records every
 * event id received (in arrival order) and how many times it reconnected.
 */
export class HeldStream {
  readonly ids: number[] = [];
  reconnects = 0;
  /** "reset" messages: the server could not replay from our Last-Event-ID. */
  resets = 0;
  /** Where the first connection started: every event after it is this stream's to receive. */
  startedAt: number | undefined;
  lastId: string | undefined;
  private stopped = false;
  private current: http.ClientRequest | undefined;
  private readonly done: Promise<void>;

  constructor(private readonly client: FleetClient) {
    this.done = this.run();
  }

  private async run() {
    while (!this.stopped) {
      await this.connectOnce().catch(() => {});
      if (this.stopped) break;
      this.reconnects++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private connectOnce(): Promise<void> {
    const url = new URL("/api/events", this.client.origin);
    const headers: Record<string, string> = {
      accept: "text/event-stream",
      cookie: this.client.cookie,
      ...(this.lastId ? { "last-event-id": this.lastId } : {}),
    };
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers, agent: this.client.agent }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          response.on("end", () => reject(new Error(`stream answered ${response.statusCode}`)));
          return;
        }
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          const blocks = text.split("\n\n");
          text = blocks.pop() ?? "";
          for (const block of blocks) this.take(block);
        });
        response.on("end", resolve);
        response.on("error", reject);
        response.on("aborted", resolve);
      });
      this.current = request;
      request.on("error", reject);
    });
  }

  private take(block: string) {
    let id: string | undefined;
    let event = "message";
    for (const line of block.split("\n")) {
      if (line.startsWith("id:")) id = line.slice(3).trim();
      else if (line.startsWith("event:")) event = line.slice(6).trim();
    }
    if (event === "reset") this.resets++;
    if (id === undefined) return;
    this.lastId = id;
    // "ready" carries the stream's position, not an event.
    if (event === "ready") this.startedAt ??= Number(id);
    else this.ids.push(Number(id));
  }

  async stop() {
    this.stopped = true;
    this.current?.destroy();
    await this.done;
  }
}
