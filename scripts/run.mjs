// npm's runner for the service and the operator commands (package.json: `node scripts/run.mjs
// server/main.ts …`). Where the development tools are installed (a checkout after `npm install`)
// it runs the TypeScript source through tsx, as it is now; where they are not (a server after
// `npm ci --omit=dev`) it runs the JavaScript `npm run build` compiled into server-build/
// (vite.server.config.ts), with plain node. Either way in this process, so signals reach the
// service itself. Plain JavaScript: it must run before anything is compiled.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const [source, ...args] = process.argv.slice(2);
if (!source) {
  process.stderr.write('usage: node scripts/run.mjs FILE.ts [ARGS…]\n');
  process.exit(2);
}

let tsx;
try {
  tsx = await import('tsx/esm/api');
} catch {
  tsx = undefined; // no development tools: the compiled files
}

const file = tsx ? path.join(root, source) : path.join(root, 'server-build', `${path.basename(source, '.ts')}.js`);
if (!fs.existsSync(file)) {
  process.stderr.write(
    `${path.relative(root, file)} is missing: the development tools are not installed here, so the service runs as npm run build compiled it. ` +
      'Build where they are (npm ci && npm run build) and bring dist/, dist-server/ and server-build/ here (docs/deploy-debian.md).\n',
  );
  process.exit(1);
}
// The command sees its own file and arguments, as if node had been given it.
process.argv = [process.argv[0], file, ...args];
tsx?.register();
await import(pathToFileURL(file).href);
