import { randomUUID } from "node:crypto";
import {
  DOCUMENTS_PER_KIND_MAX,
  type DocumentKind,
  PORTFOLIO_MAX_ITEMS,
} from "../../../contracts/profile-setup.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { detectDocumentType, type StoredImage, storeImage } from "../../platform/images.ts";
import type { UploadedFile } from "../../platform/uploads.ts";
import {
  appendPortfolioItems,
  findOwnPortfolioItem,
  listOwnPortfolio,
  ownPortfolioSize,
  removePortfolioItem,
  reorderOwnPortfolio,
} from "../profiles/own-profile-service.ts";
import { getAdminAccess } from "../staff/service.ts";
import * as q from "./queries.ts";
import { loadSetup, requireApprovedProfile } from "./service.ts";

const parentOf = (key: string) => key.slice(0, key.lastIndexOf("/"));

const portfolioFull = () =>
  new AppError("validation_failed", `A portfolio holds at most ${PORTFOLIO_MAX_ITEMS} images`);

/**
 * Portfolio images are public (served at /media/public/…): each is checked, stripped of
 * metadata (GPS included) and stored in every size before its row is written, in upload order.
 * The limit is checked again while the rows are written, under a lock on the creator's profile
 * row, so concurrent uploads cannot pass it together; files of a refused upload are removed.
 */
export async function addPortfolioImages(deps: AppDeps, userId: string, files: UploadedFile[]) {
  await requireApprovedProfile(deps, userId);
  if ((await ownPortfolioSize(deps, userId)).count + files.length > PORTFOLIO_MAX_ITEMS) {
    throw portfolioFull();
  }
  const stored: StoredImage[] = [];
  try {
    for (const file of files) {
      stored.push(await storeImage(deps.storage, `public/portfolio/${userId}`, file.data));
    }
    const images = stored.map((i) => ({ image_path: i.key, width: i.width, height: i.height }));
    if (!(await appendPortfolioItems(deps, userId, images, PORTFOLIO_MAX_ITEMS))) {
      throw portfolioFull();
    }
  } catch (error) {
    await Promise.allSettled(stored.map((image) => deps.storage.deletePrefix(image.key)));
    throw error;
  }
  return loadSetup(deps, userId);
}

/**
 * Files first, then the row: a failed file delete leaves the row (the creator sees the image
 * still there and can retry), never a deleted row whose public files stay reachable by URL.
 */
export async function removePortfolioImage(deps: AppDeps, userId: string, id: string) {
  await requireApprovedProfile(deps, userId);
  const item = await findOwnPortfolioItem(deps, userId, id);
  if (!item) throw new AppError("not_found", "Portfolio image not found");
  await deps.storage.deletePrefix(item.image_path);
  await removePortfolioItem(deps, userId, id);
  return loadSetup(deps, userId);
}

export async function reorderPortfolio(deps: AppDeps, userId: string, ids: string[]) {
  await requireApprovedProfile(deps, userId);
  const current = await listOwnPortfolio(deps, userId);
  const mine = new Set(current.map((i) => i.id));
  if (
    ids.length !== mine.size ||
    new Set(ids).size !== ids.length ||
    !ids.every((id) => mine.has(id))
  ) {
    throw new AppError("validation_failed", "Send every portfolio image exactly once");
  }
  await reorderOwnPortfolio(deps, userId, ids);
  return loadSetup(deps, userId);
}

/** Verification and insurance documents stay private: PDFs as sent, images re-encoded. */
export async function addDocument(
  deps: AppDeps,
  userId: string,
  kind: DocumentKind,
  file: UploadedFile,
) {
  await requireApprovedProfile(deps, userId);
  const db = deps.database.db;
  if ((await q.countDocuments(db, userId, kind)) >= DOCUMENTS_PER_KIND_MAX) {
    throw new AppError(
      "validation_failed",
      `Upload at most ${DOCUMENTS_PER_KIND_MAX} ${kind} documents`,
    );
  }
  const type = await detectDocumentType(file.data);
  if (!type)
    throw new AppError("validation_failed", "Upload a PDF or an image (JPEG, PNG, WebP, HEIC)");
  const prefix = `private/documents/${userId}`;
  let storageKey: string;
  let size = file.data.byteLength;
  if (type === "pdf") {
    storageKey = `${prefix}/${randomUUID()}/document.pdf`;
    await deps.storage.put(storageKey, file.data, "application/pdf");
  } else {
    const image = await storeImage(deps.storage, prefix, file.data);
    storageKey = `${image.key}/large.webp`;
    size = (await deps.storage.get(storageKey))?.data.byteLength ?? size;
  }
  await q.insertDocument(db, {
    user_id: userId,
    kind,
    storage_key: storageKey,
    content_type: type === "pdf" ? "application/pdf" : "image/webp",
    file_name: file.name || (type === "pdf" ? "document.pdf" : "document.webp"),
    size_bytes: size,
  });
  return loadSetup(deps, userId);
}

/** Only the creator who uploaded a document, and staff, may read it. */
export async function readDocument(deps: AppDeps, userId: string, id: string) {
  const db = deps.database.db;
  const doc = await q.findDocument(db, id);
  if (!doc) throw new AppError("not_found", "Document not found");
  if (doc.user_id !== userId && !(await getAdminAccess(deps, userId))) {
    throw new AppError("forbidden", "Only the creator and staff can view this document");
  }
  const object = await deps.storage.get(doc.storage_key);
  if (!object) throw new AppError("not_found", "Document not found");
  return { ...object, contentType: doc.content_type, fileName: doc.file_name };
}

export async function removeDocument(deps: AppDeps, userId: string, id: string) {
  await requireApprovedProfile(deps, userId);
  const deleted = await q.deleteDocument(deps.database.db, userId, id);
  if (!deleted) throw new AppError("not_found", "Document not found");
  await deps.storage.deletePrefix(parentOf(deleted.storage_key));
  return loadSetup(deps, userId);
}
