import type { Kysely } from "kysely";
import {
  type Delivery,
  type DeliveryFile,
  deliveryDownloadUrl,
  deliveryImageUrl,
  deliveryZipUrl,
} from "../../../contracts/delivery.ts";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { type Opened, sessionOver } from "./access.ts";
import * as q from "./queries.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toFile(
  bookingId: string,
  f: Omit<q.DeliveryFileRow, "favourite">,
  favourite = false,
): DeliveryFile {
  return {
    id: f.id,
    fileName: f.file_name,
    width: f.width,
    height: f.height,
    bytes: Number(f.original_bytes),
    thumbUrl: deliveryImageUrl(bookingId, f.id, "thumb"),
    previewUrl: deliveryImageUrl(bookingId, f.id, "preview"),
    downloadUrl: deliveryDownloadUrl(bookingId, f.id),
    favourite,
    createdAt: f.created_at.toISOString(),
  };
}

/**
 * The delivery as the caller sees it. The client sees no photos while it is a draft: the
 * creator is still choosing them.
 */
export async function deliveryView(
  deps: AppDeps,
  { booking, role }: Opened,
  db: Kysely<DB> = deps.database.db,
): Promise<Delivery> {
  const row = await q.findDelivery(db, booking.id);
  const hidden = !row || (row.status === "draft" && role === "client");
  const files = hidden ? [] : await q.listFiles(db, booking.id);
  const open = !row || row.status === "draft" || row.status === "delivered";
  return {
    bookingId: booking.id,
    role,
    status: (row?.status as Delivery["status"] | undefined) ?? "none",
    creatorName: booking.creator_name,
    clientName: booking.client_name,
    sessionStart: booking.start_time.toISOString(),
    canUpload: role === "creator" && open && sessionOver(booking, deps.now()),
    videoUrl: hidden ? null : (row?.video_url ?? null),
    deliveredAt: iso(row?.delivered_at ?? null),
    acceptBy: iso(row?.accept_by ?? null),
    acceptedAt: iso(row?.accepted_at ?? null),
    acceptedBy: (row?.accepted_by as Delivery["acceptedBy"]) ?? null,
    problemReportedAt: iso(row?.problem_reported_at ?? null),
    problemText: row?.problem_text ?? null,
    problemResolvedAt: iso(row?.problem_resolved_at ?? null),
    problemResolution: row?.problem_resolution ?? null,
    files: files.map((f) => toFile(booking.id, f, f.favourite)),
    zipUrl: files.length > 0 ? deliveryZipUrl(booking.id) : null,
  };
}
