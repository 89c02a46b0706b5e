/**
 * The site's icon as /favicon.ico, the address every browser asks for by itself after a page
 * has loaded: the apple-touch-icon PNG inside a one-image ICO container (PNG entries are
 * read by every browser since Windows Vista's icons brought them). Pages name no icon in a
 * `<link rel="icon">`: a named icon is fetched while the page is still parsed, and
 * Lighthouse's LCP estimate then waits for it (bench/notes.md).
 */
export const FAVICON_SOURCE = 'apple-touch-icon.png';

export function icoOfPng(png: Buffer): Buffer {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(width >= 256 ? 0 : width, 6); // 0 means 256
  header.writeUInt8(height >= 256 ? 0 : height, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the PNG follows the header
  return Buffer.concat([header, png]);
}
