import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { LeadEvent } from './lead-event.ts';
import type { DeliveryTarget } from './target.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The JSON body of a lead webhook: the same bytes on every attempt. */
export function webhookBody(event: LeadEvent): string {
  return JSON.stringify({ type: 'lead.created', timestamp: event.createdAt, data: event });
}

/** The idempotency key: the lead id, the same on every attempt (a receiver drops a repeat by it). */
export const webhookId = (event: LeadEvent): string => `lead-${event.id}`;

/**
 * POSTs each lead to `url`, signed per Standard Webhooks (webhook-id, webhook-timestamp,
 * webhook-signature) with `secret` ("whsec_…"). Any 2xx is success; anything else, a
 * redirect included, a timeout or a network error is a failure to retry.
 */
export function createWebhookTarget(url: string, secret: string, timeoutMs = WEBHOOK_TIMEOUT_MS): DeliveryTarget {
  const signer = new Webhook(secret);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: 16 });

  return {
    key: `webhook ${url}`,
    send(event, signal) {
      const body = webhookBody(event);
      const id = webhookId(event);
      const now = new Date();
      return new Promise<void>((resolve, reject) => {
        const req = client.request(target, {
          method: 'POST',
          agent,
          signal,
          timeout: timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'society-intake-webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signer.sign(id, now, body),
          },
        });
        req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
        req.on('error', reject);
        req.on('response', (res) => {
          res.resume(); // the receiver's body is not ours to keep
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else reject(new Error(`HTTP ${status}`));
          });
        });
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
