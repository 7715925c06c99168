import { Readable } from "node:stream";
import { z } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import {
  DELIVERY_FILE_MAX_BYTES,
  DELIVERY_FILE_TOO_LARGE,
  ZDeliveryFileParams,
  ZDeliveryFileResponse,
  ZDeliveryImageParams,
  ZDeliveryParams,
  ZDeliveryResolveParams,
  ZDeliveryResponse,
  ZFavouriteRequest,
  ZReportProblemRequest,
  ZResolveDeliveryRequest,
  ZVideoLinkRequest,
} from "../../../contracts/delivery.ts";
import { defineRoute, failure, json } from "../../platform/define-route.ts";
import { AppError } from "../../platform/errors.ts";
import { createRouter } from "../../platform/http.ts";
import { formField, readUploadedFiles } from "../../platform/uploads.ts";
import { viewer } from "../bookings/routes.ts";
import { openBooking } from "./access.ts";
import { readOriginal, readPreview, setFavourite, zipAll } from "./files.ts";
import { accept, deliver, reportProblem, resolveProblem } from "./transitions.ts";
import { deletePhoto, setVideoLink, uploadPhoto } from "./upload.ts";
import { deliveryView } from "./view.ts";

const body = <T extends ZodType>(schema: T) => ({
  body: { content: json(schema), required: true },
});
const NOT_YOURS = failure("No such booking of the caller's (staff see every booking)");
const VIEW = { description: "The delivery", content: json(ZDeliveryResponse) };
const binary = (type: string) => ({ [type]: { schema: z.string() } });

const ofBooking = { params: ZDeliveryParams };
const ofFile = { params: ZDeliveryFileParams };
const CHANGE_REFUSED = {
  200: VIEW,
  403: failure("Not the party who may do this"),
  404: NOT_YOURS,
  409: failure("Not in a state that allows it"),
};

const viewRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "get",
  path: "/bookings/{id}/delivery",
  summary: "The booking's photo delivery (the parties and staff only)",
  request: ofBooking,
  responses: { 200: VIEW, 404: NOT_YOURS },
});
const uploadRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "post",
  path: "/bookings/{id}/delivery/files",
  summary:
    "Creator: add one photo (multipart fields `file` and `uploadId`, the browser's id for this upload: a retry answers the photo stored the first time)",
  bodyLimit: DELIVERY_FILE_MAX_BYTES + 1024 * 1024,
  request: ofBooking,
  responses: {
    200: { description: "Already stored by an earlier try", content: json(ZDeliveryFileResponse) },
    201: { description: "Stored", content: json(ZDeliveryFileResponse) },
    400: failure("Not an image, or no upload id"),
    403: failure("Not the booking's creator"),
    404: NOT_YOURS,
    409: failure("The session has not ended, or the delivery is accepted or disputed"),
    413: failure("Too large"),
  },
});
const deleteRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "delete",
  path: "/bookings/{id}/delivery/files/{fileId}",
  summary: "Creator: remove a photo while the delivery is a draft",
  request: ofFile,
  responses: {
    204: { description: "Removed" },
    403: failure("Not the creator"),
    404: NOT_YOURS,
    409: failure("Already delivered"),
  },
});
const videoRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "put",
  path: "/bookings/{id}/delivery/video",
  summary: "Creator: set or clear the link to a video delivery (https)",
  request: { ...ofBooking, ...body(ZVideoLinkRequest) },
  responses: CHANGE_REFUSED,
});
const deliverRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "post",
  path: "/bookings/{id}/delivery/deliver",
  summary: "Creator: deliver the photos; the client is told (a retry changes nothing)",
  request: ofBooking,
  responses: CHANGE_REFUSED,
});
const acceptRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "post",
  path: "/bookings/{id}/delivery/accept",
  summary: "Client: accept the delivered photos (a retry changes nothing)",
  request: ofBooking,
  responses: CHANGE_REFUSED,
});
const reportRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "post",
  path: "/bookings/{id}/delivery/report",
  summary: "Client: report a problem; the payout waits and staff are told",
  request: { ...ofBooking, ...body(ZReportProblemRequest) },
  responses: CHANGE_REFUSED,
});
const imageRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "get",
  path: "/bookings/{id}/delivery/files/{fileId}/image/{size}",
  summary: "A photo's thumbnail or web-size preview (WebP)",
  request: { params: ZDeliveryImageParams },
  responses: { 200: { description: "The image", content: binary("image/webp") }, 404: NOT_YOURS },
});
const originalRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "get",
  path: "/bookings/{id}/delivery/files/{fileId}/original",
  summary: "Download a photo at full resolution",
  request: ofFile,
  responses: {
    200: { description: "The original", content: binary("image/jpeg") },
    404: NOT_YOURS,
  },
});
const zipRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "get",
  path: "/bookings/{id}/delivery/zip",
  summary: "Download every photo as one ZIP, streamed as it is written",
  request: ofBooking,
  responses: {
    200: { description: "The archive", content: binary("application/zip") },
    404: NOT_YOURS,
  },
});
const favouriteRoute = defineRoute({
  access: "signedIn",
  tags: ["delivery"],
  method: "put",
  path: "/bookings/{id}/delivery/files/{fileId}/favourite",
  summary: "Client: mark or unmark a photo as a favourite",
  request: { ...ofFile, ...body(ZFavouriteRequest) },
  responses: {
    200: { description: "Set", content: json(ZFavouriteRequest) },
    403: failure("Not the client"),
    404: NOT_YOURS,
    409: failure("Not delivered"),
  },
});
const resolveRoute = defineRoute({
  access: "admin",
  method: "post",
  path: "/admin/deliveries/{bookingId}/resolve",
  summary: "Staff: resolve a reported problem; the delivery counts as accepted",
  tags: ["admin", "delivery"],
  request: { params: ZDeliveryResolveParams, ...body(ZResolveDeliveryRequest) },
  responses: { 200: VIEW, 404: failure("No such booking"), 409: failure("No open problem") },
});

const PRIVATE = { "Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff" };

function disposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const web = (stream: Readable) => Readable.toWeb(stream) as ReadableStream<Uint8Array>;

export function deliveryRoutes() {
  return createRouter()
    .openapi(viewRoute, async (c) => {
      const opened = await openBooking(c.var.deps, viewer(c), c.req.valid("param").id);
      return c.json({ delivery: await deliveryView(c.var.deps, opened) }, 200);
    })
    .openapi(uploadRoute, async (c) => {
      const { id } = c.req.valid("param");
      const form = await c.req.formData().catch(() => {
        throw new AppError("bad_request", "The upload could not be read");
      });
      const uploadId = formField(form, "uploadId")?.trim() ?? "";
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(uploadId)) {
        throw new AppError("validation_failed", "Each upload needs an id (uploadId)");
      }
      const readFile = async () => {
        const [file] = await readUploadedFiles(c, "file", {
          maxFiles: 1,
          maxBytes: DELIVERY_FILE_MAX_BYTES,
          tooLarge: DELIVERY_FILE_TOO_LARGE,
        });
        return file!;
      };
      const { file, created } = await uploadPhoto(c.var.deps, viewer(c), id, uploadId, readFile);
      return created ? c.json({ file }, 201) : c.json({ file }, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { id, fileId } = c.req.valid("param");
      await deletePhoto(c.var.deps, viewer(c), id, fileId);
      return c.body(null, 204);
    })
    .openapi(videoRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = viewer(c);
      await setVideoLink(c.var.deps, caller, id, c.req.valid("json").videoUrl);
      const opened = await openBooking(c.var.deps, caller, id);
      return c.json({ delivery: await deliveryView(c.var.deps, opened) }, 200);
    })
    .openapi(deliverRoute, async (c) =>
      c.json({ delivery: await deliver(c.var.deps, viewer(c), c.req.valid("param").id) }, 200),
    )
    .openapi(acceptRoute, async (c) =>
      c.json({ delivery: await accept(c.var.deps, viewer(c), c.req.valid("param").id) }, 200),
    )
    .openapi(reportRoute, async (c) => {
      const { problem } = c.req.valid("json");
      const delivery = await reportProblem(c.var.deps, viewer(c), c.req.valid("param").id, problem);
      return c.json({ delivery }, 200);
    })
    .openapi(originalRoute, async (c) => {
      const { id, fileId } = c.req.valid("param");
      const file = await readOriginal(c.var.deps, viewer(c), id, fileId);
      return c.body(web(file.stream), 200, {
        ...PRIVATE,
        "Content-Type": file.contentType,
        "Content-Length": String(file.bytes),
        "Content-Disposition": disposition(file.fileName),
      });
    })
    .openapi(imageRoute, async (c) => {
      const { id, fileId, size } = c.req.valid("param");
      const stream = await readPreview(c.var.deps, viewer(c), id, fileId, size);
      return c.body(web(stream), 200, { ...PRIVATE, "Content-Type": "image/webp" });
    })
    .openapi(zipRoute, async (c) => {
      const zip = await zipAll(c.var.deps, viewer(c), c.req.valid("param").id);
      return c.body(web(zip.stream), 200, {
        "Cache-Control": "private, no-store",
        "Content-Type": "application/zip",
        "Content-Disposition": disposition(zip.fileName),
        ...(zip.bytes === null ? {} : { "Content-Length": String(zip.bytes) }),
      });
    })
    .openapi(favouriteRoute, async (c) => {
      const { id, fileId } = c.req.valid("param");
      const { favourite } = c.req.valid("json");
      return c.json(await setFavourite(c.var.deps, viewer(c), id, fileId, favourite), 200);
    })
    .openapi(resolveRoute, async (c) => {
      const { bookingId } = c.req.valid("param");
      const { resolution } = c.req.valid("json");
      const delivery = await resolveProblem(c.var.deps, c.var.user.id, bookingId, resolution);
      return c.json({ delivery }, 200);
    });
}
