/**
 * CV files made in code for the tests: a minimal valid PDF (a page that says the marker)
 * padded to a given size, a minimal DOCX (a stored ZIP holding word/document.xml), a .doc (an
 * OLE compound file with a WordDocument stream), an executable (ELF) to rename, and the
 * disguised files of issue 40 (a PDF that is also a web page, an OLE header with junk, a DOCX
 * carrying macros and a program).
 */
import { createHash } from 'node:crypto';

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A PDF 1.4 with one page showing `marker`, its content stream padded so the file is `size` bytes, with a correct xref table. */
export function pdfWithMarker(marker: string, size = 200 * 1024): Buffer {
  const build = (padding: number) => {
    const text = `BT /F1 12 Tf 72 720 Td (${marker}) Tj ET\n% ${'x'.repeat(padding)}\n`;
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${text.length} >>\nstream\n${text}endstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let body = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((object, i) => {
      offsets.push(body.length);
      body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  };
  const bare = build(0).length;
  // The padding's digits change the length line and the offsets: build, measure, adjust.
  let padding = Math.max(0, size - bare);
  for (let i = 0; i < 4; i++) padding += size - build(padding).length;
  return build(padding);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A ZIP of stored (uncompressed) entries. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal DOCX saying `marker`. */
export function docxWithMarker(marker: string): Buffer {
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${marker}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

/** An OLE header with junk after it (what a renamed .msi or any other compound file looks like to a check of the first bytes). */
export const oleJunk = (): Buffer => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0)]);

/**
 * An OLE compound file (version 3, 512-byte sectors) whose root holds these streams, each with
 * `content` in sectors of its own: sector 0 the FAT, then the directory, then the streams' data.
 */
export function oleFile(streams: Record<string, string>): Buffer {
  const SECTOR = 512;
  const names = Object.keys(streams);
  const entryCount = names.length + 1;
  const dirSectors = Math.ceil(entryCount / 4);
  const data = names.map((n) => Buffer.from(streams[n]!, 'latin1'));
  const dataSectors = data.map((d) => Math.max(1, Math.ceil(d.length / SECTOR)));
  const total = 1 + dirSectors + dataSectors.reduce((a, b) => a + b, 0);
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // the FAT's own sector
  let n = 1;
  const chain = (count: number) => {
    const first = n;
    for (let i = 0; i < count; i++, n++) fat.writeUInt32LE(i === count - 1 ? 0xfffffffe : n + 1, n * 4);
    return first;
  };
  const dirStart = chain(dirSectors);
  const starts = dataSectors.map((count) => chain(count));
  if (total > SECTOR / 4) throw new Error('oleFile: too many sectors for one FAT sector');

  const header = Buffer.alloc(SECTOR, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(dirStart, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  header.fill(0xff, 0x4c);
  header.writeUInt32LE(0, 0x4c);

  const directory = Buffer.alloc(dirSectors * SECTOR, 0);
  const entry = (i: number, name: string, type: number, child: number, right: number, start: number, size: number) => {
    const at = i * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, at);
    directory.writeUInt16LE(encoded.length, at + 0x40);
    directory[at + 0x42] = type;
    directory[at + 0x43] = 1;
    directory.writeUInt32LE(0xffffffff, at + 0x44);
    directory.writeUInt32LE(right, at + 0x48);
    directory.writeUInt32LE(child, at + 0x4c);
    directory.writeUInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  entry(0, 'Root Entry', 5, names.length ? 1 : 0xffffffff, 0xffffffff, 0xfffffffe, 0);
  names.forEach((name, i) => entry(i + 1, name, 2, 0xffffffff, i + 2 <= names.length ? i + 2 : 0xffffffff, starts[i]!, data[i]!.length));
  const body = data.map((d, i) => Buffer.concat([d, Buffer.alloc(dataSectors[i]! * SECTOR - d.length, 0)]));
  return Buffer.concat([header, fat, directory, ...body]);
}

/** A .doc as far as the CV check reads it: a compound file with a WordDocument stream (and the table stream Word writes beside it). */
export const wordDoc = (marker = 'a CV'): Buffer => oleFile({ WordDocument: `\xec\xa5${marker}`, '1Table': 'table' });

/** A file that starts as a PDF and goes on as a web page (an HTA when named so), the way issue 40 found one stored. */
export const pdfHtmlPolyglot = (): Buffer =>
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n<html><head><hta:application id="x"/></head><body><script>new ActiveXObject("WScript.Shell").Run("calc")</script></body></html>\n', 'latin1');

/** A DOCX that opens as one, with macros (vbaProject.bin) and a program inside. */
export function docxWithMacrosAndProgram(marker: string): Buffer {
  const docx = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${marker}</w:t></w:r></w:p></w:body></w:document>`,
    'word/vbaProject.bin': 'macros',
    'word/embeddings/setup.exe': `MZ${'\u0090'.repeat(64)}`,
  };
  return storedZip(docx);
}

/** An executable's first bytes (ELF), padded: what a renamed program looks like. */
export const executable = (): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(8192, 0x90)]);

/** Every occurrence of `marker`'s bytes under `dir`, each as "file" (every file read raw, the WAL and journals included). */
export async function filesHolding(dir: string, marker: string): Promise<string[]> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const needle = Buffer.from(marker);
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(needle)) found.push(file);
  }
  return found;
}
