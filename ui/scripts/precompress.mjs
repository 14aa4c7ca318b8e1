// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at
// the highest quality: the server sends them as they are (internal/web/static.go), so the
// compression is paid once at build time instead of on every request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text formats; images, fonts and archives are compressed already. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".map", ".ico"]);

/** A copy is kept only when it saves at least this share of the file: below it, compression does not pay. */
const MIN_SAVING = 0.1;

/** @param {Buffer} data */
function encodings(data) {
  return {
    ".br": brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    ".gz": gzipSync(data, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * precompress compresses the files under dir (dot files and folders excepted) and returns
 * how many files got copies.
 * @param {string} dir
 */
export function precompress(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry.name))) continue;
    const data = readFileSync(path);
    let wrote = false;
    for (const [ext, compressed] of Object.entries(encodings(data))) {
      if (compressed.length <= data.length * (1 - MIN_SAVING)) {
        writeFileSync(path + ext, compressed);
        wrote = true;
      }
    }
    if (wrote) count++;
  }
  return count;
}

