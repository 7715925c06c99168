import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pLimit from "p-limit";
import sharp from "sharp";
import { storeImage } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";
import type { ImageSource } from "./artwork.ts";

// Each demo image goes through the real upload pipeline (storeImage) once; its encoded sizes
// are then copied under every creator that shows it, so each creator owns (and may delete)
// its own files. Encoding is most of the seed's time, so the encoded files are also cached
// in the temp folder, named by a hash of the drawings: a fresh data dir seeds in seconds.

/** A stored image's encoded files (e.g. "large.webp") with its size and caption. */
export type EncodedImage = {
  files: { name: string; data: Buffer }[];
  width: number;
  height: number;
  caption: string;
};

async function encode(source: ImageSource): Promise<EncodedImage> {
  const files: { name: string; data: Buffer }[] = [];
  const memory: Storage = {
    async put(key, data) {
      files.push({ name: key.slice(key.lastIndexOf("/") + 1), data });
    },
    async get() {
      return null;
    },
    async stream() {
      return null;
    },
    async deletePrefix() {},
  };
  const png = await sharp(Buffer.from(source.svg)).png({ compressionLevel: 1 }).toBuffer();
  const stored = await storeImage(memory, "public/seed/x", png);
  return { files, width: stored.width, height: stored.height, caption: source.caption };
}

type Manifest = { width: number; height: number; caption: string; files: string[] }[];

function cacheDir(sources: ImageSource[]): string {
  const hash = createHash("sha256").update(sharp.versions.vips ?? "");
  for (const s of sources) hash.update(`${s.svg}\0${s.caption}\0`);
  return path.join(os.tmpdir(), "shutterhail-demo-images", hash.digest("hex").slice(0, 20));
}

function readCache(dir: string): EncodedImage[] | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
    return manifest.map((m, i) => ({
      ...m,
      files: m.files.map((name) => ({ name, data: readFileSync(path.join(dir, String(i), name)) })),
    }));
  } catch {
    return null;
  }
}

function writeCache(dir: string, images: EncodedImage[]) {
  const temp = `${dir}.${process.pid}.tmp`;
  try {
    images.forEach((image, i) => {
      mkdirSync(path.join(temp, String(i)), { recursive: true });
      for (const f of image.files) writeFileSync(path.join(temp, String(i), f.name), f.data);
    });
    const manifest: Manifest = images.map(({ files, ...m }) => ({
      ...m,
      files: files.map((f) => f.name),
    }));
    writeFileSync(path.join(temp, "manifest.json"), JSON.stringify(manifest));
    renameSync(temp, dir);
  } catch {
    // A cache is only a shortcut: a read-only temp folder or a parallel writer is fine.
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Encodes every source (or reads the cached result of an earlier run). */
export async function encodeAll(sources: ImageSource[]): Promise<EncodedImage[]> {
  const dir = cacheDir(sources);
  const cached = readCache(dir);
  if (cached && cached.length === sources.length) return cached;
  // Two at a time: sharp already uses the cores.
  const limit = pLimit(2);
  const images = await Promise.all(sources.map((s) => limit(() => encode(s))));
  writeCache(dir, images);
  return images;
}

/** Copies an encoded image under a new key in real storage; returns the key. */
export async function putEncoded(storage: Storage, key: string, image: EncodedImage) {
  await Promise.all(image.files.map((f) => storage.put(`${key}/${f.name}`, f.data, "image/webp")));
  return key;
}
