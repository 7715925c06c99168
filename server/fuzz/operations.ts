import type { AccessLevel } from "../platform/access.ts";

/** The part of JSON Schema the OpenAPI document uses for requests. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
};

export type Parameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
};

export type Operation = {
  operationId: string;
  method: string;
  /** The document's path, e.g. `/creators/{id}` (served under /api). */
  path: string;
  access: AccessLevel;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON request body's schema, if the operation takes one. */
  jsonBody?: JsonSchema;
  /** The multipart field names, for upload operations (named in their summary). */
  multipartFields?: string[];
};

type OperationObject = {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/** Every operation of the document, with what it takes in. */
export function operationsOf(doc: {
  paths: Record<string, Record<string, OperationObject>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const access = operation.description?.match(/^Access: (\w+)/)?.[1] as AccessLevel;
      if (!access) throw new Error(`${method} ${path} names no access level`);
      const parameters = operation.parameters ?? [];
      const multipart = operation.summary?.match(/multipart fields? (.*)\)/)?.[1];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        access,
        pathParams: parameters.filter((p) => p.in === "path"),
        queryParams: parameters.filter((p) => p.in === "query"),
        jsonBody: operation.requestBody?.content["application/json"]?.schema,
        multipartFields: multipart
          ? [...multipart.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
          : undefined,
      });
    }
  }
  return operations;
}
