import http from 'node:http';

/**
 * Plain pages on another origin (another port of 127.0.0.1), as a partner or a site
 * builder would serve them: path → HTML, read at each request. No CSP, no script of ours
 * unless the HTML brings it.
 */
export async function startHostPages(pages: Record<string, () => string>) {
  const server = http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal page holding `body` as it is, with the default margins a browser gives. */
export const hostDocument = (body: string, title = 'Green Park RWA') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
