/**
 * A real SMTP server for the tests (smtp-server on 127.0.0.1, no TLS), keeping each raw
 * message and its envelope, with just enough MIME reading to check what a person sees
 * (mailparser does not install here).
 */
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * `accept` (the default) answers each message at once and keeps it in `messages`; `hold`
 * reads a message to its end and never answers it (the sender waits, as on a hung server):
 * such a message is in `held`, never in `messages`, since it was never accepted.
 */
export type SinkMode = 'accept' | 'hold';

export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  let mode: SinkMode = 'accept';
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000, // a connection still open at stop (a held message) is cut after a second
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = session.envelope;
        const mail = {
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (mode === 'hold') {
          held.push(mail);
          return;
        }
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    held,
    setMode: (next: SinkMode) => {
      mode = next;
    },
    /** The accepted messages to one address. */
    to: (address: string) => messages.filter((m) => m.to.includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The header block of a message (or MIME part), unfolded, as name (lowercase) → values. */
export function headersOf(raw: string): Map<string, string[]> {
  const block = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) decoded. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

/** The decoded body of the first part with this content type (or of the message, when not multipart), with LF line ends. */
export function partOf(raw: string, contentType: 'text/plain' | 'text/html'): string | undefined {
  return decodedPart(raw, contentType)?.replace(/\r\n/g, '\n');
}

function decodedPart(raw: string, contentType: string): string | undefined {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const headers = headersOf(part);
    if (!(headers.get('content-type')?.[0] ?? '').startsWith(contentType)) continue;
    const body = part.slice(part.search(/\r?\n\r?\n/)).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[^\r\n]+--\s*$/, '');
    const encoding = (headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  return undefined;
}
