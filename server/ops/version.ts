import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../folders.ts';

/**
 * The release this service is (package.json's `version`, one source for /health, the start
 * line, /metrics and CHANGELOG.md's latest heading): read at start from the package.json
 * beside the code, which the compiled service (server-build/) and the source share.
 */
export const VERSION: string = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
