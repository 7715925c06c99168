import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { Delivery } from "../../../contracts/delivery.ts";
import { deliveryKey } from "./api.ts";
import { uploadPhoto } from "./upload-photo.ts";

export type PhotoUpload = {
  /** Also the upload id the server keys the photo by: a retry sends the same one. */
  id: string;
  file: File;
  progress: number;
  state: "waiting" | "uploading" | "done" | "failed";
  error?: string;
};

/** Photos at once on the wire; the rest wait their turn. */
const AT_ONCE = 3;

/** Many photos picked at once, sent a few at a time, each with its progress and its retry. */
export function usePhotoUploads(bookingId: string) {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const queue = useRef<PhotoUpload[]>([]);
  const running = useRef(0);

  const update = useCallback(
    (id: string, patch: Partial<PhotoUpload>) =>
      setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u))),
    [],
  );

  const pump = useCallback(() => {
    while (running.current < AT_ONCE && queue.current.length > 0) {
      const next = queue.current.shift()!;
      running.current += 1;
      update(next.id, { state: "uploading", progress: 0, error: undefined });
      uploadPhoto(bookingId, next.file, next.id, (progress) => update(next.id, { progress }))
        .then((file) => {
          update(next.id, { state: "done", progress: 1 });
          client.setQueryData<Delivery>(deliveryKey(bookingId), (d) =>
            d && !d.files.some((f) => f.id === file.id)
              ? {
                  ...d,
                  status: d.status === "none" ? "draft" : d.status,
                  // The server lists photos by file name, as cameras number their shots.
                  files: [...d.files, file].sort((a, b) => a.fileName.localeCompare(b.fileName)),
                }
              : d,
          );
        })
        .catch((error: Error) => update(next.id, { state: "failed", error: error.message }))
        .finally(() => {
          running.current -= 1;
          pump();
        });
    }
  }, [bookingId, client, update]);

  const add = (files: File[]) => {
    const added = files.map<PhotoUpload>((file) => ({
      id: crypto.randomUUID(),
      file,
      progress: 0,
      state: "waiting",
    }));
    setUploads((list) => [...list.filter((u) => u.state !== "done"), ...added]);
    queue.current.push(...added);
    pump();
  };

  const retry = (upload: PhotoUpload) => {
    update(upload.id, { state: "waiting", error: undefined });
    queue.current.push(upload);
    pump();
  };

  const busy = uploads.some((u) => u.state === "waiting" || u.state === "uploading");
  return { uploads, add, retry, busy };
}
