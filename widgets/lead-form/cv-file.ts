/**
 * The CV a career application may carry (contract/cv-upload.ts), as the form sees it: what it
 * says of a chosen file before sending (the service judges the content again), how a size is
 * written, and the upload's answer. No DOM: the outbox worker bundles this too.
 */
import { CV, CV_MAX_MB, type CvUploadAnswer } from '../../contract/cv-upload.ts';
import { CV_UPLOAD_PATH } from '../../contract/http.ts';
import type { LeadMessages } from '../../contract/messages/en.ts';
import type { PostOutcome } from './api-client.ts';

/** The service's sentence for a file it would refuse: larger than CV.maxBytes, or neither named nor typed as a PDF, DOC or DOCX. */
export function cvProblem(file: { name: string; size: number; type: string }, messages: LeadMessages): string | undefined {
  if (file.size > CV.maxBytes) return messages.cvTooLarge(CV_MAX_MB);
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return CV.types.some((t) => t.ext === extension || t.mime === file.type) ? undefined : messages.cvType;
}

const number = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** A file's size as the form writes it: whole kilobytes under a megabyte, else megabytes to one decimal. */
export function fileSize(bytes: number, size: (amount: string, unit: 'KB' | 'MB') => string): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? size(number.format(mb), 'MB') : size(number.format(Math.max(1, Math.round(bytes / 1024))), 'KB');
}

/** Where a career form's CV is uploaded: CV_UPLOAD_PATH beside the lead path of `leadUrl` (its API base). */
export function cvUploadUrl(leadUrl: string): string {
  const [path = ''] = leadUrl.split('?');
  return path.slice(0, path.lastIndexOf('/')) + CV_UPLOAD_PATH;
}

/** The upload's id from its answer (201 `CvUploadAnswer`), if it is one. */
export function uploadIdOf(outcome: PostOutcome): string | undefined {
  if (outcome.type !== 'json' || !outcome.ok) return undefined;
  const upload: unknown = (outcome.body as Partial<CvUploadAnswer> | null)?.upload;
  return typeof upload === 'string' && upload.length > 0 ? upload : undefined;
}

/** Whether a refusal is about the CV (its `field`): the next send uploads the file again. */
export const refusesCv = (outcome: PostOutcome): boolean =>
  outcome.type === 'json' && !outcome.ok && (outcome.body as { field?: unknown } | null)?.field === CV.control;
