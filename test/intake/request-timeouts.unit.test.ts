/**
 * Finding 4: a slow client can't hold a connection open. A POST whose body trickles in a
 * byte a second, and a request whose headers never finish, are cut within a bounded time
 * (REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS, here short), and nothing is stored.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startServer, type RunningServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1500' } });
});
afterAll(() => server?.stop());

/** Opens a raw connection, writes `head`, then one byte of `trickle` a second; resolves when the server ends it. */
function slowClient(head: string, trickle: string, giveUpMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]!);
    }, 1000);
    const giveUp = setTimeout(() => {
      clearInterval(drip);
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {}); // a reset counts as cut
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: performance.now() - started, answer });
    });
    socket.write(head);
  });
}

describe('request timeouts (finding 4)', () => {
  it('cuts a POST whose body arrives a byte a second', async () => {
    const body = JSON.stringify(VALID_SOCIETY);
    const head = `POST /addSocietyQuery HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { closedAfterMs, answer } = await slowClient(head, body, 15_000);
    expect(closedAfterMs).toBeGreaterThan(1_500);
    expect(closedAfterMs, 'cut long before its last byte (about 100 s), whatever the machine load').toBeLessThan(12_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(countRows(server.dataDir, 'leads')).toBe(0);
  });

  it('cuts a request whose headers never finish', async () => {
    const { closedAfterMs } = await slowClient('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 15_000);
    expect(closedAfterMs, 'cut long before its last byte (about 30 s), whatever the machine load').toBeLessThan(12_000);
  });

  it('leaves a normal request alone', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});
