import http from 'node:http';

/**
 * A partner's page on another origin (another port of 127.0.0.1): hostile global
 * CSS, a strict Content-Security-Policy that allows only the widget's origin, and
 * the snippet pasted twice. Its own script records the widget's events.
 * The page's own language is Urdu, right to left (not one the widgets speak, so they
 * stay English); `/hindi` is the same page with the snippet's `lang="hi" partner="greenpark-rwa"`;
 * `/framed?…` is a page with the <iframe> snippet instead, its query the frame's; `/snippet` holds what
 * a test gives it (`setSnippet`); `/blank` is an empty page.
 */
export async function startPartnerSite(widgetOrigin: () => string) {
  const hostileCss = `
    * { all: unset; }
    html { font-size: 40px; }
    body { display: block; margin: 0; padding: 16px; background: #fde68a; color: #f0f; font-family: "Comic Sans MS", cursive; direction: rtl; }
    button { display: none !important; }
    input { width: 10px; }
    select, textarea { height: 2px; }
    div { padding: 5px; }
    .holder { display: block; width: 600px; }
  `;
  const partnerJs = `
    window.partnerEvents = [];
    for (const type of ['registration-success', 'registration-error']) {
      document.addEventListener(type, (e) => window.partnerEvents.push({ type, detail: e.detail, target: e.target.localName }));
    }
  `;
  const page = (formAttributes = '') => `<!doctype html>
<html lang="ur" dir="rtl"><head><meta charset="utf-8"><title>Green Park RWA</title>
<link rel="stylesheet" href="/hostile.css">
<script src="/partner.js"></script>
<script type="module" src="${widgetOrigin()}/widgets/society-registration.js"></script>
</head><body>
<h1>Green Park Residents Welfare Association</h1>
<div class="holder" id="first"><society-registration${formAttributes}></society-registration></div>
<script type="module" src="${widgetOrigin()}/widgets/society-registration.js"></script>
<div class="holder" id="second"><society-registration${formAttributes} heading="Second copy"></society-registration></div>
</body></html>`;

  /** What `/snippet` holds in its body: set by a test (e.g. the snippet as /embed shows it). */
  let snippet = '';

  const server = http.createServer((req, res) => {
    const csp = `default-src 'none'; script-src 'self' ${widgetOrigin()}; connect-src ${widgetOrigin()}; style-src 'self'; img-src 'self' data:`;
    if (req.url === '/hostile.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(hostileCss);
    if (req.url === '/partner.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(partnerJs);
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }).end(page());
    if (req.url === '/snippet') {
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp })
        .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Green Park RWA</title></head><body><h1>Green Park Residents Welfare Association</h1>${snippet}</body></html>`);
    }
    if (req.url === '/blank') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Blank</title>');
    // The <iframe> snippet of /embed, on a page that runs no script at all; the query is the frame's.
    if (req.url?.startsWith('/framed')) {
      const query = req.url.slice('/framed'.length);
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `default-src 'none'; frame-src ${widgetOrigin()}` })
        .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Green Park RWA</title></head><body><h1>Green Park Residents Welfare Association</h1><iframe src="${widgetOrigin()}/embed/frame${query}" title="Register your society" width="360" height="1200"></iframe></body></html>`);
    }
    if (req.url === '/hindi') {
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }).end(page(' lang="hi" partner="greenpark-rwa"'));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Sets the body of `/snippet`. */
    setSnippet: (html: string) => {
      snippet = html;
    },
    // Chromium may hold a socket it opened ahead of need and never sent a request on;
    // close() alone waits for it forever.
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
