/**
 * Brotli (quality 11) and gzip (level 9) copies next to each text file of the built site,
 * so the server and static hosts send them without compressing per request. Files under
 * 1 KB gain too little to be worth a copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const compressible = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/;
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; returns how many files it compressed. */
export function precompress(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, entry);
    if (!compressible.test(file) || !fs.statSync(file).isFile() || fs.statSync(file).size < MIN_BYTES) continue;
    const source = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
    count++;
  }
  return count;
}
