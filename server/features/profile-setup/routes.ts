import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  UPLOAD_FILES_PER_REQUEST,
  UPLOAD_REQUEST_MAX_BYTES,
} from "../../../contracts/media.ts";
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  PROFILE_SETUP_MESSAGES,
  ZDocumentIdParam,
  ZPortfolioImageIdParam,
  ZPortfolioOrderRequest,
  ZProfileSetupResponse,
  ZSaveStepRequest,
} from "../../../contracts/profile-setup.ts";
import { defineRoute, failure, json, jsonResponse } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { formField, readUploadedFiles } from "../../platform/uploads.ts";
import { completeSetup, loadSetup, saveStep } from "./service.ts";
import {
  addDocument,
  addPortfolioImages,
  readDocument,
  removeDocument,
  removePortfolioImage,
  reorderPortfolio,
} from "./uploads.ts";

const ok = { 200: jsonResponse(ZProfileSetupResponse, "The whole setup as saved") };
const errors = { 400: failure("Invalid input") };

const base = <M extends "get" | "put" | "post" | "delete", P extends string>(
  method: M,
  path: P,
  summary: string,
) => ({
  access: "creator" as const,
  forbidden: PROFILE_SETUP_MESSAGES.notApproved,
  method,
  path,
  summary,
  description: "The caller's own profile.",
  tags: ["profile-setup"],
  responses: { ...ok, ...errors, 404: failure("Not found") },
});

// Any signed-in caller may ask: the answer says why someone is not let in (no profile to
// verify, or one not approved yet), which the guard's one message cannot.
const loadRoute = defineRoute({
  ...base("get", "/profile-setup", "Everything saved so far"),
  access: "signedIn" as const,
  responses: {
    ...ok,
    403: failure("No creator profile to verify, or one not approved yet"),
  },
});
const saveRoute = defineRoute({
  ...base("put", "/profile-setup/draft", "Save one step as a draft"),
  description:
    "The caller's own profile. Changing payout details already set (step 4) needs `currentPassword` (403 `password_required` when missing or wrong); every change of them is mailed to the account.",
  request: {
    body: { content: json(ZSaveStepRequest), required: true },
  },
});
const completeRoute = defineRoute(
  base("post", "/profile-setup/complete", "Complete setup and publish the profile"),
);
const portfolioRoute = defineRoute({
  ...base(
    "post",
    "/profile-setup/portfolio",
    `Upload portfolio images (multipart field \`files\`, up to ${UPLOAD_FILES_PER_REQUEST} per request)`,
  ),
  bodyLimit: UPLOAD_REQUEST_MAX_BYTES,
});
const orderRoute = defineRoute({
  ...base("put", "/profile-setup/portfolio/order", "Reorder the portfolio (first = cover)"),
  request: {
    body: { content: json(ZPortfolioOrderRequest), required: true },
  },
});
const deleteImageRoute = defineRoute({
  ...base("delete", "/profile-setup/portfolio/{id}", "Delete a portfolio image"),
  request: { params: ZPortfolioImageIdParam },
});
const documentRoute = defineRoute({
  ...base(
    "post",
    "/profile-setup/documents",
    "Upload a verification or insurance document (multipart fields `kind` and `file`; PDF or image)",
  ),
  bodyLimit: UPLOAD_REQUEST_MAX_BYTES,
});
const deleteDocumentRoute = defineRoute({
  ...base("delete", "/profile-setup/documents/{id}", "Delete a document"),
  request: { params: ZDocumentIdParam },
});
const readDocumentRoute = defineRoute({
  access: "signedIn",
  method: "get",
  path: "/profile-setup/documents/{id}",
  summary: "Download a private document",
  description: "Only the creator who uploaded it, or an active admin (403 for anyone else).",
  tags: ["profile-setup"],
  request: { params: ZDocumentIdParam },
  responses: {
    200: { description: "The file" },
    403: failure("Not the owner or staff"),
    404: failure("Not found"),
  },
});

/**
 * A creator's PDF is the creator's own content, not ours: it is downloaded, never shown inside
 * the site's origin, and the sandbox keeps scripts in it from running as the site if opened.
 * Image documents were re-encoded on upload and may show inline.
 */
function documentHeaders(doc: { contentType: string; fileName: string }) {
  const disposition = doc.contentType === "application/pdf" ? "attachment" : "inline";
  return {
    "Content-Type": doc.contentType,
    "Content-Disposition": `${disposition}; filename="${doc.fileName.replace(/[^\w. -]/g, "_")}"`,
    "Content-Security-Policy": "sandbox",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

export function profileSetupRoutes() {
  return createRouter()
    .openapi(loadRoute, async (c) => {
      const { user } = c.var;
      return c.json(await loadSetup(c.var.deps, user.id), 200);
    })
    .openapi(saveRoute, async (c) => {
      const { user } = c.var;
      const caller = { userId: user.id, email: user.email, headers: c.req.raw.headers };
      return c.json(await saveStep(c.var.deps, caller, c.req.valid("json")), 200);
    })
    .openapi(completeRoute, async (c) => {
      const { user } = c.var;
      return c.json(await completeSetup(c.var.deps, user.id), 200);
    })
    .openapi(portfolioRoute, async (c) => {
      const { user } = c.var;
      const files = await readUploadedFiles(c, "files", {
        maxFiles: UPLOAD_FILES_PER_REQUEST,
        maxBytes: IMAGE_UPLOAD_MAX_BYTES,
        tooLarge: "Image is too large (15 MB at most)",
      });
      return c.json(await addPortfolioImages(c.var.deps, user.id, files), 200);
    })
    .openapi(orderRoute, async (c) => {
      const { user } = c.var;
      return c.json(await reorderPortfolio(c.var.deps, user.id, c.req.valid("json").ids), 200);
    })
    .openapi(deleteImageRoute, async (c) => {
      const { user } = c.var;
      return c.json(await removePortfolioImage(c.var.deps, user.id, c.req.valid("param").id), 200);
    })
    .openapi(documentRoute, async (c) => {
      const { user } = c.var;
      const [file] = await readUploadedFiles(c, "file", {
        maxFiles: 1,
        maxBytes: DOCUMENT_UPLOAD_MAX_BYTES,
        tooLarge: "Document is too large (10 MB at most)",
      });
      const kind = formField(await c.req.formData(), "kind");
      if (!DOCUMENT_KINDS.includes(kind as DocumentKind)) {
        throw new AppError("validation_failed", "kind must be verification or insurance");
      }
      return c.json(await addDocument(c.var.deps, user.id, kind as DocumentKind, file!), 200);
    })
    .openapi(deleteDocumentRoute, async (c) => {
      const { user } = c.var;
      return c.json(await removeDocument(c.var.deps, user.id, c.req.valid("param").id), 200);
    })
    .openapi(readDocumentRoute, async (c) => {
      const { user } = c.var;
      const doc = await readDocument(c.var.deps, user.id, c.req.valid("param").id);
      return c.body(new Uint8Array(doc.data), 200, documentHeaders(doc));
    });
}
