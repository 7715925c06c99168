import type { Context } from "hono";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./http.ts";

export type UploadedFile = { name: string; data: Buffer };

/**
 * The files of a multipart request's `field`, each checked against `maxBytes` before anything
 * reads its content. Names are kept for display only: content decides what a file is.
 */
export async function readUploadedFiles<E extends AppEnv>(
  c: Context<E>,
  field: string,
  { maxFiles, maxBytes, tooLarge }: { maxFiles: number; maxBytes: number; tooLarge: string },
): Promise<UploadedFile[]> {
  if (!c.req.header("content-type")?.startsWith("multipart/form-data")) {
    throw new AppError("bad_request", "Send the file as multipart/form-data");
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read");
  }
  const files = form.getAll(field).filter((f): f is File => typeof f !== "string");
  if (files.length === 0) throw new AppError("validation_failed", "Choose a file to upload");
  if (files.length > maxFiles) {
    throw new AppError("validation_failed", `Upload at most ${maxFiles} files at once`);
  }
  const out: UploadedFile[] = [];
  for (const file of files) {
    if (file.size > maxBytes) throw new AppError("payload_too_large", tooLarge);
    if (file.size === 0) throw new AppError("validation_failed", "The file is empty");
    out.push({ name: file.name.slice(0, 200), data: Buffer.from(await file.arrayBuffer()) });
  }
  return out;
}

export function formField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}
