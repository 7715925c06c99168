import { useCallback, useEffect, useRef, useState } from "react";
import { MESSAGES } from "../../../contracts/constants.ts";
import { type MessageAttachment, TOO_MANY_ATTACHMENTS } from "../../../contracts/messages.ts";
import { showError, toastApiError } from "../../lib/api-errors.ts";
import { uploadAttachment } from "./api.ts";

export type Upload = {
  key: string;
  file: File;
  preview: string;
  state: "uploading" | "done" | "failed";
  attachment?: MessageAttachment;
};

/** The images picked for the next message, each uploaded as soon as it is picked. */
export function useAttachmentUploads(conversationId: string) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const live = useRef(uploads);
  live.current = uploads;

  const update = useCallback(
    (key: string, patch: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u))),
    [],
  );

  const start = useCallback(
    async (upload: Upload) => {
      update(upload.key, { state: "uploading" });
      try {
        const { attachment } = await uploadAttachment(conversationId, upload.file);
        update(upload.key, { state: "done", attachment });
      } catch (error) {
        update(upload.key, { state: "failed" });
        toastApiError(error, "Upload failed");
      }
    },
    [conversationId, update],
  );

  const add = (files: File[]) => {
    const room = MESSAGES.maxAttachments - live.current.length;
    if (files.length > room) showError(TOO_MANY_ATTACHMENTS);
    const added = files.slice(0, Math.max(0, room)).map<Upload>((file) => ({
      key: crypto.randomUUID(),
      file,
      preview: URL.createObjectURL(file),
      state: "uploading",
    }));
    setUploads((list) => [...list, ...added]);
    for (const upload of added) void start(upload);
  };

  const remove = (key: string) => {
    const upload = live.current.find((u) => u.key === key);
    if (upload) URL.revokeObjectURL(upload.preview);
    setUploads((list) => list.filter((u) => u.key !== key));
  };

  /** Hands the uploaded ones to a message; their previews now belong to it. */
  const take = () => {
    const done = live.current.filter((u) => u.state === "done" && u.attachment);
    setUploads([]);
    return done;
  };

  useEffect(
    () => () => {
      for (const upload of live.current) {
        if (upload.state !== "done") URL.revokeObjectURL(upload.preview);
      }
    },
    [],
  );

  return { uploads, add, remove, retry: start, take };
}
