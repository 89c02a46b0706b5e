import { createHash } from 'node:crypto';

/** The CSP source of an inline element's text: 'sha256-<base64>' (without the quotes). */
export const cspHash = (text: string): string => `sha256-${createHash('sha256').update(text).digest('base64')}`;
