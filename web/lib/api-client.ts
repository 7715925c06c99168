import type { z } from "zod";
import { INITIAL_API_DATA_ELEMENT_ID } from "../../contracts/constants.ts";
import { ZErrorResponse } from "../../contracts/errors.ts";
import { ApiError } from "./api-error.ts";

type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

let initialApiData: Record<string, unknown> | undefined;

/**
 * A GET response the server sent inside the page's HTML (server/platform/web-app.ts), parsed by
 * the contract's schema, or undefined. Each is used once: a query's `initialData`, so the page
 * renders at once with it; any later request for the path asks the server again.
 */
export function takeInitialResponse<S extends z.ZodType>(
  path: string,
  schema: S,
): z.infer<S> | undefined {
  if (initialApiData === undefined) {
    const text =
      typeof document === "undefined"
        ? null
        : document.getElementById(INITIAL_API_DATA_ELEMENT_ID)?.textContent;
    initialApiData = ((text && safeJson(text)) || {}) as Record<string, unknown>;
  }
  const data = initialApiData[path];
  delete initialApiData[path];
  return data === undefined ? undefined : schema.parse(data);
}

/** The one way the web calls the API: JSON in, JSON out, parsed by the contract's schema. */
export async function apiRequest<S extends z.ZodType>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: "same-origin",
      signal: options.signal,
      headers: {
        Accept: "application/json",
        ...(options.body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}),
        ...options.headers,
      },
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, "network", "Network error. Check your connection and try again.");
  }
  const text = await response.text();
  const json = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const parsed = ZErrorResponse.safeParse(json);
    if (parsed.success) {
      const { code, message } = parsed.data.error;
      throw new ApiError(response.status, code, message, parsed.data.warnings);
    }
    throw new ApiError(response.status, "unexpected_response", text || response.statusText);
  }
  return schema.parse(json);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
