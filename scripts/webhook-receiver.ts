/**
 * A real webhook receiver for the tests and the API bench: plain node:http on 127.0.0.1 that
 * verifies every request's Standard Webhooks signature with the `standardwebhooks` package.
 * It can fail the first N attempts of each message (503), fail every one (500: a broken
 * receiver), or hold requests without answering.
 */
import http from 'node:http';
import type net from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A fresh signing secret in the Standard Webhooks format. */
export const webhookSecret = (): string => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  body: { type: string; timestamp: string; data: { id: number; reference: string; kind: string; language: string; createdAt: string; source: { origin: string | null; partner: string | null; page?: string | null }; fields: Record<string, string>; withoutProofOfWork?: boolean; cv?: { name: string; fileName: string; size: number; type: string; sha256: string; url: string; expiresAt: string } } };
}

export async function startWebhookReceiver(secret: string, options: { failFirst?: number } = {}) {
  const verifier = new Webhook(secret);
  /** Requests answered 2xx, in order. */
  const accepted: ReceivedWebhook[] = [];
  /** Every request whose signature verified, answered or not. */
  const attempts = new Map<string, number>();
  const badSignatures: string[] = [];
  let mode: 'answer' | 'hang' | 'fail' = 'answer';
  let failFirst = options.failFirst ?? 0;
  const held: http.ServerResponse[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: ReceivedWebhook['body'];
      try {
        body = verifier.verify(raw, req.headers as Record<string, string>) as ReceivedWebhook['body'];
      } catch (error) {
        badSignatures.push((error as Error).message);
        res.writeHead(401).end();
        return;
      }
      const id = String(req.headers['webhook-id']);
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      if (mode === 'hang') {
        held.push(res);
        return;
      }
      if (mode === 'fail') {
        res.writeHead(500).end('broken');
        return;
      }
      if (n <= failFirst) {
        res.writeHead(503).end('try later');
        return;
      }
      accepted.push({ id, timestamp: String(req.headers['webhook-timestamp']), body });
      res.writeHead(204).end();
    });
  });
  // The service keeps its connection to a receiver open between deliveries. A receiver that
  // closed it after Node's default 5 s idle could do so just as the next delivery is sent on it
  // (ECONNRESET: that delivery then waits for its retry, 30 s by default): keep idle connections.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    accepted,
    attempts,
    badSignatures,
    /** Accepted deliveries per webhook-id. */
    acceptedPerId(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const a of accepted) counts.set(a.id, (counts.get(a.id) ?? 0) + 1);
      return counts;
    },
    /** 'hang': take requests and never answer them (a receiver that stalls); 'fail': answer every one 500. */
    setMode(next: 'answer' | 'hang' | 'fail', nextFailFirst = 0) {
      mode = next;
      failFirst = nextFailFirst;
    },
    held,
    /** Answers every held request 503 (try later): a sender still waiting for it records a failed attempt and retries. */
    releaseHeld() {
      for (const res of held) if (!res.writableEnded && !res.destroyed) res.writeHead(503).end('try later');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
