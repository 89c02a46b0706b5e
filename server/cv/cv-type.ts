import { inflateRawSync, constants as zlib } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { CV, type CvMime } from '../../contract/cv-upload.ts';
import { oleEntries } from './ole.ts';

/**
 * A CV's type, judged by its bytes, never by its name or the type the browser declared
 * (issue 35), and refused when it is something else dressed as a document (issue 40):
 * - a PDF starts with `%PDF-`, ends with `%%EOF` (in its last KB, as readers look for it),
 *   and holds no HTML in its first KBs (a PDF that is also a web page or an HTA);
 * - a .doc is an OLE compound file holding a `WordDocument` stream (ole.ts reads its directory);
 * - a .docx is a ZIP whose `[Content_Types].xml` names Word's main document part;
 * - neither holds macros (a `vbaProject.bin`, a macro-enabled content type, a `Macros` or VBA
 *   storage) nor an executable (a part named or made as one, an embedded package).
 * `file-type` reads the file first; the rules decide.
 */

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const mime = (ext: (typeof CV.types)[number]['ext']): CvMime => CV.types.find((t) => t.ext === ext)!.mime;

/** Where a PDF reader looks for `%%EOF`: the file's last KB. */
const PDF_TAIL_BYTES = 1024;
/** How much of a PDF is searched for HTML: a browser or mshta that sniffs it reads its start. */
const PDF_HTML_SNIFF_BYTES = 8 * 1024;
const HTML_MARKERS = /<(?:!doctype\s+html|html|head|body|script|iframe|hta:application)\b/i;

/** Word's main part; the macro-enabled and template variants are not a .docx. */
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const MACRO_CONTENT = /macroEnabled|vbaProject|vbaData|activeX/i;
const MACRO_PART = /(?:^|\/)vba(?:Project|Data)\.bin$|(?:^|\/)activeX\//i;
/** Names of parts a Word document never needs, each something a computer runs. */
const EXECUTABLE_NAME = /\.(?:exe|dll|scr|com|pif|cpl|msi|msp|bat|cmd|ps1|vbs|vbe|js|jse|wsf|wsh|hta|jar|lnk|reg|sys|ocx|sh)$/i;
/** The first bytes of a program: a Windows PE (MZ), ELF, Mach-O. */
const EXECUTABLE_MAGIC = [Buffer.from('MZ'), Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.from([0xfe, 0xed, 0xfa, 0xcf])];
/** An OLE storage or stream that is macros or an embedded package (how a file, a program too, rides inside an Office document). */
const OLE_FORBIDDEN = /^(?:Macros|_VBA_PROJECT_CUR|_VBA_PROJECT|VBA|\u0001Ole10Native)$/;

/** A ZIP entry as its central directory describes it. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** The entries of a ZIP, from its central directory (empty when it is no readable ZIP). */
function zipEntries(bytes: Buffer): ZipEntry[] {
  // The end-of-central-directory record: its signature, within the last 64 KiB + 22 bytes (a comment may follow it).
  const from = Math.max(0, bytes.length - 0xffff - 22);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return entries;
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * An entry's bytes, inflated: at most `limit` of them (`whole`: all, or undefined when it is
 * larger than `limit`, a ZIP bomb included); undefined when it cannot be read.
 */
function entryBytes(bytes: Buffer, entry: ZipEntry, limit: number, whole: boolean): Buffer | undefined {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return undefined;
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(start, Math.min(bytes.length, start + entry.compressedSize));
  try {
    if (entry.method === 0) return whole && data.length > limit ? undefined : data.subarray(0, limit);
    if (entry.method !== 8) return undefined;
    if (whole) return inflateRawSync(data, { maxOutputLength: limit });
    return inflateRawSync(data.subarray(0, limit), { finishFlush: zlib.Z_SYNC_FLUSH }).subarray(0, limit);
  } catch {
    return undefined;
  }
}

const isExecutable = (head: Buffer): boolean => EXECUTABLE_MAGIC.some((magic) => head.subarray(0, magic.length).equals(magic));

/** An OLE file's verdict: a Word document (its WordDocument stream) with no macros or packages, else undefined. */
function oleVerdict(bytes: Buffer): 'word' | 'other' | 'refused' {
  const entries = oleEntries(bytes);
  if (!entries) return 'refused';
  if (entries.some((e) => OLE_FORBIDDEN.test(e.name))) return 'refused';
  return entries.some((e) => e.name === 'WordDocument' && e.type === 'stream') ? 'word' : 'other';
}

/** A .docx by its content types, with no macros and no program inside (an embedded OLE object is checked as a .doc would be). */
function isCleanDocx(bytes: Buffer): boolean {
  const entries = zipEntries(bytes);
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  const xml = types && entryBytes(bytes, types, 1024 * 1024, true)?.toString('utf8');
  if (!xml || !xml.includes(`"${DOCX_MAIN}"`) || MACRO_CONTENT.test(xml)) return false;
  for (const entry of entries) {
    if (MACRO_PART.test(entry.name) || EXECUTABLE_NAME.test(entry.name)) return false;
    const head = entryBytes(bytes, entry, 16, false);
    if (head && isExecutable(head)) return false;
    if (head && head.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) {
      const ole = entryBytes(bytes, entry, CV.maxBytes * 4, true);
      if (!ole || oleVerdict(ole) === 'refused') return false;
    }
  }
  return true;
}

/** A PDF by its start and end, not also a web page. */
function isCleanPdf(bytes: Buffer): boolean {
  if (!bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES)).includes('%%EOF')) return false;
  return !HTML_MARKERS.test(bytes.toString('latin1', 0, Math.min(bytes.length, PDF_HTML_SNIFF_BYTES)));
}

/** The CV's checked type, or undefined when it is none of the types taken, or one of them dressing up something else. */
export async function cvTypeOf(bytes: Buffer): Promise<CvMime | undefined> {
  if (bytes.length < 8) return undefined;
  const sniffed = await fileTypeFromBuffer(bytes);
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return isCleanPdf(bytes) ? mime('pdf') : undefined;
  if (bytes.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) return oleVerdict(bytes) === 'word' ? mime('doc') : undefined;
  const zip = sniffed?.ext === 'zip' || sniffed?.ext === 'docx' || bytes.readUInt32LE(0) === 0x04034b50;
  if (zip && isCleanDocx(bytes)) return mime('docx');
  return undefined;
}

/**
 * The file name as the person's device gave it, kept as text only (the team gets the file as
 * cv-<reference>.<type>, cv-store.ts cvFileName): no path, no control or format characters (a
 * right-to-left override turns "Resume\u202Efdp.hta" into what reads "Resumeath.pdf"), at most 200 characters.
 */
export function cleanFileName(name: string | undefined, type: CvMime): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.normalize('NFC').replace(/[\p{Cc}\p{Cf}"]/gu, '').trim().slice(0, 200);
  return base || `cv.${CV.types.find((t) => t.mime === type)!.ext}`;
}
