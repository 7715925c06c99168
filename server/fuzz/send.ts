import http from "node:http";

export type RawResponse = { status: number; contentType: string | undefined; text: string };

/**
 * One request on its own connection, bytes as given. Not fetch: fetch reuses kept-alive
 * connections (a refused request's unread body can end one under the next request, which is
 * the body limits' concern, not this request's answer) and rewrites or refuses odd headers.
 */
export function sendRaw(
  origin: string,
  request: { method: string; url: string; headers: Record<string, string>; body?: Uint8Array },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${origin}${request.url}`,
      { method: request.method, headers: request.headers, agent: false },
      (response) => {
        const contentType = response.headers["content-type"];
        if (contentType?.includes("text/event-stream")) {
          response.destroy();
          resolve({ status: response.statusCode!, contentType, text: "" });
          return;
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            contentType,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    // The server may answer (and close) before it has read the whole body: that is an answer.
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
