import { randomUUID } from "node:crypto";

// A client's X-Request-Id lands in every log line of its request: only a short id made of
// safe characters is taken (UUIDs, trace ids), anything else gets a fresh one.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && CLIENT_REQUEST_ID.test(header) ? header : randomUUID();
}
