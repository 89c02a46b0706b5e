import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { CV, CV_MAX_MB, type CvUploadAnswer } from '../../contract/cv-upload.ts';
import { CV_UPLOAD_PATH } from '../../contract/http.ts';
import type { LeadMessages } from '../../contract/messages/en.ts';
import { BODY_LIMIT_BYTES } from '../config.ts';
import { sendFailure } from '../http/guards.ts';
import { messagesFor } from '../http/language.ts';
import { cleanFileName, cvTypeOf } from './cv-type.ts';
import type { CvStore, NewCv } from './cv-store.ts';

/**
 * POST /uploadResume (contract/http.ts CV_UPLOAD_PATH): `multipart/form-data` with one file
 * part named CV.control, checked here and kept unclaimed (cv-store.ts); answered 201 with its
 * opaque id, which the application names in X-Resume-Upload. Refusals, in the request's
 * Content-Language, each `{ success: false, message, field: "resume" }`:
 * - 413 `cvTooLarge`: a Content-Length that cannot hold a file within CV.maxBytes is refused
 *   before the body is read; a body without one stops being read once the file passes the limit;
 * - 415 `cvType`: the content is not a PDF, DOC or DOCX (cv-type.ts), whatever its name says;
 * - 400 `cvType`: no file part (or an empty one);
 * - 429 `cvTooMany`: past the hourly allowance of files per client (CV_UPLOAD_RATE_LIMIT_MAX,
 *   shared with a career form's own post), besides the API's rate limit, origin policy and
 *   CORS, which hold here as for the lead POSTs;
 * - 507 `cvStorageFull`: every CV together would pass CV_STORAGE_MAX_MB (the application is
 *   still taken without one).
 */

/** Room for the multipart framing and a few small fields around a file of CV.maxBytes. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The multipart parser of the lead routes and the upload: one file of at most CV.maxBytes, a form's fields. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: CV.maxBytes, files: 1, fields: 50, fieldSize: BODY_LIMIT_BYTES, parts: 60, headerPairs: 200 },
  });
}

/** A file part as read: at most CV.maxBytes of it (`truncated` when it was larger). */
export interface ReadFile {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

/** A multipart body as read: its text fields (as @fastify/formbody gives them) and the file part named CV.control, if one was chosen. */
export interface ReadMultipart {
  fields: Record<string, string | string[]>;
  file: ReadFile | undefined;
}

export const isMultipart = (request: FastifyRequest): boolean => request.isMultipart();

/** Whether the declared length leaves no room for a file within the limit. */
export const declaredTooLarge = (request: FastifyRequest): boolean =>
  Number(request.headers['content-length'] ?? 0) > CV.maxBytes + MULTIPART_OVERHEAD_BYTES;

/**
 * Reads a multipart body: every text field, and the part CV.control up to CV.maxBytes (the
 * rest of a larger file is skipped by the parser, never kept). `stopAtLimit`: stop reading
 * the body once the file is past the limit (the upload: nothing else in it is needed).
 */
export async function readMultipart(request: FastifyRequest, stopAtLimit = false): Promise<ReadMultipart> {
  const fields: Record<string, string | string[]> = {};
  let file: ReadFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : part.value == null ? '' : JSON.stringify(part.value);
      const had = fields[part.fieldname];
      fields[part.fieldname] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
      continue;
    }
    if (part.fieldname !== CV.control || file) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // An empty file control sends a part with no name and no bytes: no CV.
    if (bytes.length === 0 && !part.filename) continue;
    file = { filename: part.filename, bytes, truncated: part.file.truncated };
    if (file.truncated && stopAtLimit) break;
  }
  return { fields, file };
}

/** What a file read comes to: a CV to keep, or a refusal (status and message in the request's language). */
export async function checkCv(file: ReadFile, MESSAGES: LeadMessages): Promise<{ ok: true; cv: NewCv } | { ok: false; status: 400 | 413 | 415; message: string }> {
  if (file.truncated || file.bytes.length > CV.maxBytes) return { ok: false, status: 413, message: MESSAGES.cvTooLarge(CV_MAX_MB) };
  const type = await cvTypeOf(file.bytes);
  if (!type) return { ok: false, status: file.bytes.length === 0 ? 400 : 415, message: MESSAGES.cvType };
  return {
    ok: true,
    cv: { name: cleanFileName(file.filename, type), type, size: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex'), content: file.bytes },
  };
}

/** A refusal of the CV: the API's JSON with `field: "resume"`; past the limit, the connection is closed rather than the rest read. */
export function refuseCv(reply: FastifyReply, status: number, message: string): FastifyReply {
  if (status === 413) reply.header('Connection', 'close');
  return sendFailure(reply, status, message, CV.control);
}

export function registerCvUploadRoute(
  app: FastifyInstance,
  options: { cvs: Pick<CvStore, 'keep'>; overAllowance: (request: FastifyRequest) => Promise<boolean> },
): void {
  app.post(CV_UPLOAD_PATH, async (request, reply) => {
    const MESSAGES = messagesFor(request);
    if (declaredTooLarge(request)) {
      request.log.info({ statusCode: 413 }, 'cv refused: declared too large');
      return refuseCv(reply, 413, MESSAGES.cvTooLarge(CV_MAX_MB));
    }
    if (!isMultipart(request)) return refuseCv(reply, 400, MESSAGES.cvType);
    if (await options.overAllowance(request)) {
      request.log.info({ statusCode: 429 }, 'cv refused: too many uploads');
      return refuseCv(reply, 429, MESSAGES.cvTooMany);
    }
    const { file } = await readMultipart(request, true);
    if (!file) return refuseCv(reply, 400, MESSAGES.cvType);
    const checked = await checkCv(file, MESSAGES);
    if (!checked.ok) {
      request.log.info({ statusCode: checked.status }, 'cv refused');
      return refuseCv(reply, checked.status, checked.message);
    }
    const upload = await options.cvs.keep(checked.cv, Date.now());
    if (upload === undefined) {
      request.log.warn({ statusCode: 507 }, 'cv refused: CV_STORAGE_MAX_MB reached');
      return refuseCv(reply, 507, MESSAGES.cvStorageFull);
    }
    request.log.info({ size: checked.cv.size, type: checked.cv.type }, 'cv kept');
    const answer: CvUploadAnswer = { success: true, upload, name: checked.cv.name, size: checked.cv.size, type: checked.cv.type };
    return reply.code(201).header('Cache-Control', 'no-store').send(answer);
  });
}
