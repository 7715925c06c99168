import {
  IDEMPOTENCY_HEADER,
  myApplicationApiPath,
  ZMyApplicationResponse,
  ZSampleImageUploadResponse,
  ZSubmitApplicationRequest,
  ZSubmitApplicationResponse,
} from "../../../contracts/applications.ts";
import { IMAGE_UPLOAD_MAX_BYTES, UPLOAD_REQUEST_MAX_BYTES } from "../../../contracts/media.ts";
import {
  defineRoute,
  failure,
  idempotencyKey,
  json,
  jsonResponse,
} from "../../platform/define-route.ts";
import { createRouter } from "../../platform/http.ts";
import { rateLimit } from "../../platform/rate-limit.ts";
import { readUploadedFiles } from "../../platform/uploads.ts";
import { storeSampleImage } from "./sample-images.ts";
import { myApplication, submitApplication } from "./service.ts";

const errors = {
  400: failure("Invalid input"),
  409: failure("An open application exists, or the idempotency key was used for another body"),
};

// Per address: generous for an office behind one address, tight for a script. Sample images
// are re-encoded on the server, the costliest thing anyone may ask for without signing in.
const SUBMIT_LIMIT = { name: "application-submit", max: 20, windowSeconds: 60 * 60 };
const SAMPLE_UPLOAD_LIMIT = { name: "application-sample", max: 60, windowSeconds: 60 * 60 };

const tooMany = {
  429: failure("Too many requests from this address; Retry-After says when to try again"),
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
      content: json(ZSubmitApplicationRequest),
      required: true,
    },
  },
  responses: {
    201: {
      description: "Saved; warnings say what could not be done (e.g. the confirmation email)",
      content: json(ZSubmitApplicationResponse),
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
      content: json(ZSampleImageUploadResponse),
    },
    ...errors,
    ...tooMany,
    413: failure("Too large"),
  },
});

const mineRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: myApplicationApiPath,
  summary: "The signed-in person's latest application and its status",
  description:
    "Found by the account's email, and only when that email is verified (null otherwise, and when there is none).",
  tags: ["applications"],
  responses: { 200: jsonResponse(ZMyApplicationResponse, "The application, or null") },
});

export function applicationRoutes() {
  return createRouter()
    .openapi(submitRoute, async (c) => {
      const key = idempotencyKey(c, IDEMPOTENCY_HEADER);
      const { status, body } = await submitApplication(c.var.deps, c.req.valid("json"), key);
      return c.json(ZSubmitApplicationResponse.parse(body), status as 201);
    })
    .openapi(mineRoute, async (c) => c.json(await myApplication(c.var.deps, c.var.user), 200))
    .openapi(sampleRoute, async (c) => {
      const [file] = await readUploadedFiles(c, "file", {
        maxFiles: 1,
        maxBytes: IMAGE_UPLOAD_MAX_BYTES,
        tooLarge: "Image is too large (15 MB at most)",
      });
      return c.json(await storeSampleImage(c.var.deps, file!.data), 201);
    });
}
