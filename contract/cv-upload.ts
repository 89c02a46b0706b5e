/**
 * The CV an applicant may attach to a career application (issue 35). It is not a field of
 * the spec's JSON body: the form uploads the file first (UPLOAD_PATH, multipart, one part
 * named CV.control) and names the answered id in HEADERS.cvUpload of the application; a form
 * sent without script posts multipart/form-data with the file as the part CV.control.
 */

export const CV = {
  /** The file control's name (the spec's career state key), the multipart part's name and a refusal's `field`. */
  control: 'resume',
  /** The largest file taken: 5 MB. */
  maxBytes: 5 * 1024 * 1024,
  /** The types taken, judged by content (PDF `%PDF-`, DOC the OLE header, DOCX a ZIP holding Word's main part: server/cv/cv-type.ts). */
  types: [
    { ext: 'pdf', mime: 'application/pdf' },
    { ext: 'doc', mime: 'application/msword' },
    { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  ],
  /** An upload no application claims within this time is deleted. */
  unclaimedHours: 24,
} as const;

export type CvType = (typeof CV.types)[number];
export type CvMime = CvType['mime'];

/** The file control's `accept`: the extensions and types above (a phone's picker offers documents). */
export const CV_ACCEPT = CV.types.flatMap((t) => [`.${t.ext}`, t.mime]).join(',');

/** 5 MB as people write it. */
export const CV_MAX_MB = CV.maxBytes / (1024 * 1024);

/** What an upload answers (201): the id to name in HEADERS.cvUpload, and what the service found. */
export interface CvUploadAnswer {
  success: true;
  upload: string;
  name: string;
  size: number;
  type: CvMime;
}

/** What the team sees of a lead's CV (LeadDetail.cv). */
export interface CvSummary {
  name: string;
  size: number;
  type: CvMime;
  sha256: string;
}
