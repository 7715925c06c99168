import { useState } from "react";
import { toastApiError } from "../../lib/api-errors.ts";
import { toast } from "../../lib/toast.ts";
import { UPLOAD_FAILED } from "./api.ts";

/** The files a file input picked, announced with a toast (none when nothing was picked). */
export function pickedFiles(list: FileList | null): File[] {
  const files = [...(list ?? [])];
  if (files.length)
    toast("Files selected", { description: `${files.length} file(s) ready for upload.` });
  return files;
}

/** Runs one upload-area action at a time: `busy` while it runs, a toast when it fails. */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toastApiError(error, "Error", { description: UPLOAD_FAILED });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
