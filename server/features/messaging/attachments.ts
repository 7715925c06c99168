import { MESSAGES } from "../../../contracts/constants.ts";
import {
  ATTACHMENT_NOT_FOUND,
  type AttachmentSize,
  MESSAGE_BLOCKED,
  type MessageAttachment,
} from "../../../contracts/messages.ts";
import type { AppDeps } from "../../platform/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { storeImage } from "../../platform/images.ts";
import type { UploadedFile } from "../../platform/uploads.ts";
import * as q from "./queries.ts";
import { requireMember } from "./service.ts";

/** Private storage (never under public/): served only through the participants' route. */
const prefixOf = (conversationId: string) => `private/messages/${conversationId}`;

/**
 * Stores an image for a message not sent yet: checked by content, re-encoded without its
 * metadata, in every size. The send attaches it; unsent ones are swept after a day.
 */
export async function uploadAttachment(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  readFile: () => Promise<UploadedFile>,
): Promise<MessageAttachment> {
  const member = await requireMember(deps, userId, conversationId);
  if (member.blockedAt || member.otherBlockedAt) throw new AppError("forbidden", MESSAGE_BLOCKED);
  const file = await readFile();
  const image = await storeImage(deps.storage, prefixOf(conversationId), file.data);
  try {
    return await q.insertAttachment(deps.database.db, {
      conversationId,
      uploaderUserId: userId,
      imageKey: image.key,
      width: image.width,
      height: image.height,
      now: deps.now(),
    });
  } catch (error) {
    await deps.storage.deletePrefix(image.key).catch(() => {});
    throw error;
  }
}

/** An attachment's image, for the participants only (404 for anyone else). */
export async function readAttachment(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  attachmentId: string,
  size: AttachmentSize,
) {
  await requireMember(deps, userId, conversationId);
  const row = await q.findVisibleAttachment(deps.database.db, conversationId, attachmentId, userId);
  const object = row && (await deps.storage.get(`${row.image_key}/${size}.webp`));
  if (!object) throw new AppError("not_found", ATTACHMENT_NOT_FOUND);
  return object;
}

/** Deletes images uploaded but never sent, rows first (their files are then unreachable). */
export async function sweepUnsentAttachments(deps: AppDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MESSAGES.unsentAttachmentHours * 60 * 60 * 1000);
  const keys = await q.deleteUnsentAttachments(deps.database.db, cutoff);
  for (const key of keys) {
    await deps.storage.deletePrefix(key).catch((err) => {
      deps.log.warn({ err, key }, "deleting an unsent attachment's files failed");
    });
  }
  return keys.length;
}
