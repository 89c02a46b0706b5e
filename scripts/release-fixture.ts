/**
 * npx tsx scripts/release-fixture.ts COMMIT VERSION
 * Writes test/ops/fixtures/release-VERSION.json: every migration a release shipped (leads.db,
 * vitals.db, PostgreSQL), its SQL as that commit's code makes it, read from git history
 * (`git archive`), not from today's files. test/ops/upgrade.unit.test.ts builds a store with
 * them and upgrades it with this code; test/shipped-migrations.unit.test.ts holds today's
 * migrations to them. Run it once per release, for the release before the one being made.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.ts';

const [commit, version] = process.argv.slice(2);
if (!commit || !version || !/^\d+\.\d+\.\d+$/.test(version)) {
  process.stderr.write('usage: npx tsx scripts/release-fixture.ts COMMIT VERSION (e.g. 9c6b87e 1.0.0)\n');
  process.exit(2);
}
const full = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-fixture-'));
try {
  const archive = execFileSync('git', ['archive', '--format=tar', full, 'server', 'contract', 'site.config.ts', 'package.json'], { cwd: repoRoot, maxBuffer: 256 * 2 ** 20 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  const read = `
    const { MIGRATIONS, VITALS_MIGRATIONS } = await import('./server/store/sqlite.ts');
    const { MIGRATIONS: POSTGRES } = await import('./server/store/migrations-postgres.ts');
    process.stdout.write(JSON.stringify({ 'leads.db': MIGRATIONS, 'vitals.db': VITALS_MIGRATIONS, PostgreSQL: POSTGRES }));`;
  const migrations = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', read], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })) as Record<string, string[]>;
  const out = path.join(repoRoot, 'test', 'ops', 'fixtures', `release-${version}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ version, commit: full, migrations }, null, 2)}\n`);
  process.stdout.write(`${path.relative(repoRoot, out)}: ${Object.entries(migrations).map(([store, list]) => `${store} ${list.length}`).join(', ')}\n`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
