import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "./errors.ts";

/**
 * Where uploaded bytes live. Keys are slash-separated; keys under `public/` are served to
 * anyone at /media/…, everything else only through a feature's own access check.
 */
export type Storage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** The object as a stream, for files too large to hold (delivered photos in a ZIP). */
  stream(key: string): Promise<Readable | null>;
  /** Removes every object whose key starts with `prefix` (an image and all its sizes). */
  deletePrefix(prefix: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)+$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) {
    throw new AppError("bad_request", "Invalid file key");
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".pdf": "application/pdf",
};

/** The default: files under DATA_DIR/uploads, written atomically (temp file, then rename). */
export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
    },
    async get(key) {
      try {
        const data = await readFile(resolve(key));
        const contentType = CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";
        return { data, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async stream(key) {
      try {
        return (await open(resolve(key))).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
  };
}
