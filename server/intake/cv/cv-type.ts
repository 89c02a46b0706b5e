import { fileTypeFromBuffer } from 'file-type';
import { CV, type CvMime } from '../../../contract/cv-upload.ts';

/**
 * A CV's type, judged by its bytes, never by its name or the type the browser declared
 * (issue 35): a PDF starts with `%PDF-`, a .doc with the OLE compound-file header, a .docx is
 * a ZIP holding `word/document.xml`. `file-type` reads the file first; the rules decide.
 */

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const mime = (ext: (typeof CV.types)[number]['ext']): CvMime => CV.types.find((t) => t.ext === ext)!.mime;

/** The names of a ZIP's entries, from its central directory (empty when it is no readable ZIP). */
export function zipEntryNames(bytes: Buffer): string[] {
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
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return names;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** The CV's checked type, or undefined when it is none of the types taken. */
export async function cvTypeOf(bytes: Buffer): Promise<CvMime | undefined> {
  if (bytes.length < 8) return undefined;
  const sniffed = await fileTypeFromBuffer(bytes);
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return mime('pdf');
  if (bytes.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) return mime('doc');
  const zip = sniffed?.ext === 'zip' || sniffed?.ext === 'docx' || bytes.readUInt32LE(0) === 0x04034b50;
  if (zip && zipEntryNames(bytes).includes('word/document.xml')) return mime('docx');
  return undefined;
}

/** The file name as the person's device gave it, made safe to keep and to show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, type: CvMime): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f"]/g, '').trim().slice(0, 200);
  return base || `cv.${CV.types.find((t) => t.mime === type)!.ext}`;
}
