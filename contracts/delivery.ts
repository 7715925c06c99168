import { z } from "zod";
import { idParam } from "./common.ts";

// Photo delivery after a session (issue 14): the creator uploads the final photos to the
// booking and delivers them; the client views, downloads, favourites and accepts them.

export const DELIVERY_STATUSES = ["draft", "delivered", "accepted", "disputed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_ROLES = ["client", "creator", "staff"] as const;
export type DeliveryRole = (typeof DELIVERY_ROLES)[number];

/** One delivered photo may be larger than a profile image: full-resolution camera files. */
export const DELIVERY_FILE_MAX_BYTES = 40 * 1024 * 1024;
export const DELIVERY_FILE_TOO_LARGE = "Photo is too large (40 MB at most)";
export const DELIVERY_MAX_FILES = 500;
export const DELIVERY_FILE_SIZES = ["thumb", "preview"] as const;
export type DeliveryFileSize = (typeof DELIVERY_FILE_SIZES)[number];

export const DELIVERY_NOT_FOUND = "Booking not found";
export const DELIVERY_FILE_NOT_FOUND = "Photo not found";
export const DELIVERY_NOT_YET = "The photos are not delivered yet";
export const SESSION_NOT_OVER = "Photos can be delivered once the session has ended";
export const ONLY_CREATOR = "Only the booking's creator can do this";
export const ONLY_CLIENT = "Only the booking's client can do this";
export const NO_PHOTOS_TO_DELIVER = "Upload at least one photo before delivering";
export const DELIVERY_LOCKED = "The delivery can no longer be changed";
export const DELETE_ONLY_IN_DRAFT = "Photos can only be removed before delivering";
export const NOT_DELIVERED = "The photos have not been delivered";
export const NOT_DISPUTED = "There is no open problem with this delivery";

export const ZDeliveryParams = idParam(DELIVERY_NOT_FOUND);
export const ZDeliveryResolveParams = z.object({ bookingId: z.uuid(DELIVERY_NOT_FOUND) });
export const ZDeliveryFileParams = ZDeliveryParams.extend({
  fileId: z.uuid(DELIVERY_FILE_NOT_FOUND),
});
export const ZDeliveryImageParams = ZDeliveryFileParams.extend({
  size: z.enum(DELIVERY_FILE_SIZES, DELIVERY_FILE_NOT_FOUND),
});

export const ZDeliveryFile = z.object({
  id: z.uuid(),
  fileName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The original's size in bytes. */
  bytes: z.number().int(),
  /** Private URLs: they answer only the booking's parties and staff. */
  thumbUrl: z.string(),
  previewUrl: z.string(),
  downloadUrl: z.string(),
  favourite: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type DeliveryFile = z.infer<typeof ZDeliveryFile>;

export const ZDelivery = z.object({
  bookingId: z.uuid(),
  /** How the caller sees it. */
  role: z.enum(DELIVERY_ROLES),
  /** "none": the creator has not started one. */
  status: z.enum(["none", ...DELIVERY_STATUSES]),
  creatorName: z.string(),
  clientName: z.string(),
  sessionStart: z.iso.datetime(),
  /** The creator may add photos now (the session is over and nothing is accepted yet). */
  canUpload: z.boolean(),
  videoUrl: z.string().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  acceptBy: z.iso.datetime().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  acceptedBy: z.enum(["client", "system", "staff"]).nullable(),
  problemReportedAt: z.iso.datetime().nullable(),
  problemText: z.string().nullable(),
  problemResolvedAt: z.iso.datetime().nullable(),
  problemResolution: z.string().nullable(),
  files: z.array(ZDeliveryFile),
  zipUrl: z.string().nullable(),
});
export type Delivery = z.infer<typeof ZDelivery>;
export const ZDeliveryResponse = z.object({ delivery: ZDelivery });
export const ZDeliveryFileResponse = z.object({ file: ZDeliveryFile });

export const VIDEO_URL_MESSAGE = "Enter a video link starting with https://";
export const ZVideoLinkRequest = z.object({
  videoUrl: z
    .union([
      z.literal(""),
      z.url({ protocol: /^https$/, message: VIDEO_URL_MESSAGE }).max(2000, VIDEO_URL_MESSAGE),
    ])
    .nullable()
    .transform((v) => (v ? v : null)),
});
export const ZReportProblemRequest = z.object({
  problem: z.string().trim().min(1, "Describe the problem").max(2000),
});
export const ZResolveDeliveryRequest = z.object({
  resolution: z.string().trim().min(1, "Say how the problem was resolved").max(2000),
});
export const ZFavouriteRequest = z.object({ favourite: z.boolean() });

const base = (bookingId: string) => `/api/bookings/${bookingId}/delivery`;
export const deliveryApiPath = (bookingId: string) => `/bookings/${bookingId}/delivery`;
export const deliveryImageUrl = (bookingId: string, fileId: string, size: DeliveryFileSize) =>
  `${base(bookingId)}/files/${fileId}/image/${size}`;
export const deliveryDownloadUrl = (bookingId: string, fileId: string) =>
  `${base(bookingId)}/files/${fileId}/original`;
export const deliveryZipUrl = (bookingId: string) => `${base(bookingId)}/zip`;
export const deliveryUploadUrl = (bookingId: string) => `${base(bookingId)}/files`;
export const resolveDeliveryApiPath = (bookingId: string) =>
  `/admin/deliveries/${bookingId}/resolve`;
