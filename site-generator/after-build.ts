/**
 * A build of its own that runs once the site's bundle is written (the answer kit, the team's
 * app): `closeBundle`, given the build's output folder. Never after a failed build: Vite still
 * closes the bundle then, and the build's own error must stay the one reported (first).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export function afterBuildPlugin(name: string, step: (outDir: string) => Promise<void>, hooks: Omit<Plugin, 'name'> = {}): Plugin {
  let outDir = '';
  let failed = false;
  return {
    ...hooks,
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildEnd(error?: Error) {
      failed = !!error;
    },
    async closeBundle(error?: Error) {
      if (!failed && !error) await step(outDir);
    },
  };
}
