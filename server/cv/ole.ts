/**
 * The directory of an OLE compound file (Microsoft's Compound File Binary format, [MS-CFB]):
 * what a .doc (and an object embedded in a .docx) holds, by name and kind. Only what the CV
 * check needs: the header, the FAT (through the DIFAT), and the directory's chain of sectors.
 * A file that breaks the format anywhere (a sector past the end, a chain that loops) is no
 * compound file: undefined.
 */

export interface OleEntry {
  name: string;
  type: 'storage' | 'stream' | 'root';
}

const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const TYPES: Record<number, OleEntry['type']> = { 1: 'storage', 2: 'stream', 5: 'root' };

export function oleEntries(bytes: Buffer): OleEntry[] | undefined {
  if (bytes.length < 512 || bytes.readUInt16LE(0x1c) !== 0xfffe) return undefined;
  const shift = bytes.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return undefined;
  const size = 1 << shift;
  const sectors = Math.floor(bytes.length / size) - 1;
  /** A whole sector of the file (sector n follows the header, itself one sector long). */
  const sector = (n: number): Buffer | undefined => (n < sectors ? bytes.subarray((n + 1) * size, (n + 2) * size) : undefined);
  const perSector = size / 4;

  // The FAT's sectors: 109 in the header, the rest in the DIFAT's chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(bytes.readUInt32LE(0x4c + i * 4));
  let difat = bytes.readUInt32LE(0x44);
  for (let hops = 0; difat !== END_OF_CHAIN && difat !== FREE; hops++) {
    const block = sector(difat);
    if (!block || hops > sectors) return undefined;
    for (let i = 0; i < perSector - 1; i++) fatSectors.push(block.readUInt32LE(i * 4));
    difat = block.readUInt32LE((perSector - 1) * 4);
  }
  const fat: number[] = [];
  for (const n of fatSectors.slice(0, bytes.readUInt32LE(0x2c))) {
    const block = sector(n);
    if (!block) return undefined;
    for (let i = 0; i < perSector; i++) fat.push(block.readUInt32LE(i * 4));
  }

  const entries: OleEntry[] = [];
  let next = bytes.readUInt32LE(0x30);
  for (let hops = 0; next !== END_OF_CHAIN; hops++) {
    const block = sector(next);
    if (!block || hops > sectors) return undefined;
    for (let at = 0; at + 128 <= size; at += 128) {
      const type = TYPES[block[at + 0x42]!];
      const nameBytes = block.readUInt16LE(at + 0x40);
      if (!type || nameBytes < 2 || nameBytes > 64) continue;
      entries.push({ name: block.toString('utf16le', at, at + nameBytes - 2), type });
    }
    const following = fat[next];
    if (following === undefined) return undefined;
    next = following;
  }
  return entries.some((e) => e.type === 'root') ? entries : undefined;
}
