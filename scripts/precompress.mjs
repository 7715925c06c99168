// After `vite build`: writes .br and .gz beside every compressible file of dist/web, so the
// server sends compressed bytes without compressing on each request (serveStatic precompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "dist/web";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(ROOT)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`precompressed ${count} files in ${ROOT}`);
