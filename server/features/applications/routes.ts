import {
  IDEMPOTENCY_HEADER,
  ZSampleImageUploadResponse,
  ZSubmitApplicationRequest,
  ZSubmitApplicationResponse,
} from "../../../contracts/applications.ts";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import { IMAGE_UPLOAD_MAX_BYTES, UPLOAD_REQUEST_MAX_BYTES } from "../../../contracts/media.ts";
import { defineRoute } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { rateLimit } from "../../platform/rate-limit.ts";
import { readUploadedFiles } from "../../platform/uploads.ts";
import { storeSampleImage } from "./sample-images.ts";
import { submitApplication } from "./service.ts";

const errors = {
  400: {
    description: "Invalid input",
    content: { "application/json": { schema: ZErrorResponse } },
  },
  409: {
    description: "An open application exists, or the idempotency key was used for another body",
    content: { "application/json": { schema: ZErrorResponse } },
  },
};

// Per address: generous for an office behind one address, tight for a script. Sample images
// are re-encoded on the server, the costliest thing anyone may ask for without signing in.
const SUBMIT_LIMIT = { name: "application-submit", max: 20, windowSeconds: 60 * 60 };
const SAMPLE_UPLOAD_LIMIT = { name: "application-sample", max: 60, windowSeconds: 60 * 60 };

const tooMany = {
  429: {
    description: "Too many requests from this address; Retry-After says when to try again",
    content: { "application/json": { schema: ZErrorResponse } },
  },
};

const submitRoute = defineRoute({
  access: "public",
  method: "post",
  path: "/applications",
  middleware: [rateLimit(SUBMIT_LIMIT)],
  summary: "Submit a creator application",
  description: `No sign-in. Send a fresh ${IDEMPOTENCY_HEADER} per submit: a replay with the same key and body returns the first response and creates nothing.`,
  tags: ["applications"],
  request: {
    body: {
      content: { "application/json": { schema: ZSubmitApplicationRequest } },
      required: true,
    },
  },
  responses: {
    201: {
      description: "Saved; warnings say what could not be done (e.g. the confirmation email)",
      content: { "application/json": { schema: ZSubmitApplicationResponse } },
    },
    ...errors,
    ...tooMany,
  },
});

const sampleRoute = defineRoute({
  access: "public",
  method: "post",
  path: "/applications/sample-images",
  middleware: [rateLimit(SAMPLE_UPLOAD_LIMIT)],
  bodyLimit: UPLOAD_REQUEST_MAX_BYTES,
  summary: "Upload one sample image for an application (multipart field `file`)",
  description:
    "No sign-in. The image is checked by content, stripped of metadata and kept private; pass the returned key in the application's sampleImages.",
  tags: ["applications"],
  responses: {
    201: {
      description: "Stored",
      content: { "application/json": { schema: ZSampleImageUploadResponse } },
    },
    ...errors,
    ...tooMany,
    413: { description: "Too large", content: { "application/json": { schema: ZErrorResponse } } },
  },
});

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export function applicationRoutes() {
  return createRouter()
    .openapi(submitRoute, async (c) => {
      const key = c.req.header(IDEMPOTENCY_HEADER);
      if (key !== undefined && !KEY_PATTERN.test(key)) {
        throw new AppError(
          "bad_request",
          `${IDEMPOTENCY_HEADER} must be 8-128 letters, digits, - or _`,
        );
      }
      const { status, body } = await submitApplication(c.var.deps, c.req.valid("json"), key);
      return c.json(ZSubmitApplicationResponse.parse(body), status as 201);
    })
    .openapi(sampleRoute, async (c) => {
      const [file] = await readUploadedFiles(c, "file", {
        maxFiles: 1,
        maxBytes: IMAGE_UPLOAD_MAX_BYTES,
        tooLarge: "Image is too large (15 MB at most)",
      });
      return c.json(await storeSampleImage(c.var.deps, file!.data), 201);
    });
}
