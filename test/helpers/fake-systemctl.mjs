#!/usr/bin/node
// systemctl in the release test's Debian container (test/ops/debian.release.test.ts), where no
// systemd runs: the guide's commands call it as on a server, and it does what systemd would
// do with the units as written, as far as a test needs. It reads a unit and its drop-ins
// (/etc/systemd/system/NAME.d/*.conf), and starts it as its User and Group, in its
// WorkingDirectory, with exactly its Environment= and EnvironmentFile= variables (and the user's
// HOME, USER, LOGNAME, SHELL, as systemd sets them) and UMask:
// a simple or notify service in the background (its output in /var/log/fake-systemd/NAME.log),
// a oneshot's ExecStart then ExecStartPost in the foreground, failing as they fail. `enable`
// records the unit (and, with --now, starts it); a timer is recorded, never fired. What systemd
// alone enforces (ProtectSystem, MemoryMax and the rest) is checked by systemd-analyze verify,
// not here. FAKE_SYSTEMD_CADDY_CONFIG, when set, replaces Caddy's --config (the test's wrapper
// adds local certificates and free ports around the installed Caddyfile, which it imports).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const UNIT_DIRS = ['/etc/systemd/system', '/lib/systemd/system', '/usr/lib/systemd/system'];
const STATE = '/run/fake-systemd';
const LOGS = '/var/log/fake-systemd';
fs.mkdirSync(STATE, { recursive: true });
fs.mkdirSync(LOGS, { recursive: true });

/** The unit's settings, section → key → values (a key may repeat), its drop-ins applied after it. */
function readUnit(name) {
  const file = UNIT_DIRS.map((dir) => path.join(dir, name)).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`Unit ${name} not found.`);
  const dropIns = UNIT_DIRS.map((dir) => path.join(dir, `${name}.d`))
    .filter((d) => fs.existsSync(d))
    .flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith('.conf')).sort().map((f) => path.join(d, f)));
  const unit = {};
  let section = '';
  for (const source of [file, ...dropIns]) {
    for (const raw of fs.readFileSync(source, 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#') || line.startsWith(';')) continue;
      const header = /^\[(.+)\]$/.exec(line);
      if (header) {
        section = header[1];
        unit[section] ??= {};
        continue;
      }
      const eq = line.indexOf('=');
      const key = line.slice(0, eq).trim();
      (unit[section][key] ??= []).push(line.slice(eq + 1).trim());
    }
  }
  return unit;
}

/** systemd's word splitting of an assignment list: `A=1 "B=two words"` → ['A=1', 'B=two words']. */
function words(text) {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The unit's environment: Environment= lines, then EnvironmentFile= files (a leading - : optional), later ones winning. */
function environment(service) {
  const env = {};
  for (const line of service.Environment ?? []) for (const word of words(line)) env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  for (const spec of service.EnvironmentFile ?? []) {
    const optional = spec.startsWith('-');
    const file = optional ? spec.slice(1) : spec;
    if (!fs.existsSync(file)) {
      if (optional) continue;
      throw new Error(`EnvironmentFile ${file} is missing`);
    }
    for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const eq = line.indexOf('=');
      let value = line.slice(eq + 1).trim();
      if (/^".*"$/.test(value) || /^'.*'$/.test(value)) value = value.slice(1, -1);
      env[line.slice(0, eq).trim()] = value;
    }
  }
  return env;
}

/** The argv that runs one Exec line as the unit's user, with only its environment, in its folder, under its umask. */
function command(service, line) {
  const exec = line.replace(/^[-@+!:]+/, '');
  const config = process.env.FAKE_SYSTEMD_CADDY_CONFIG;
  const program = config ? exec.replace('--config /etc/caddy/Caddyfile', `--config ${config} --adapter caddyfile`) : exec;
  const user = service.User?.at(-1);
  // As systemd does for a User=: HOME, USER, LOGNAME and SHELL from the user's passwd entry.
  const entry = user ? fs.readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => l.split(':')).find((f) => f[0] === user) : undefined;
  const account = entry ? { HOME: entry[5], USER: user, LOGNAME: user, SHELL: entry[6] } : {};
  const env = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', ...account, ...environment(service) };
  const group = service.Group?.at(-1) ?? user;
  const cwd = service.WorkingDirectory?.at(-1) ?? '/';
  const umask = service.UMask?.at(-1) ?? '0022';
  const shell = ['sh', '-c', `umask ${umask} && cd ${cwd} && exec ${program}`];
  // A system user has no group but its own: --clear-groups (setgroups with the user's list is refused in the container).
  const asUser = user ? ['setpriv', `--reuid=${user}`, `--regid=${group}`, '--clear-groups', '--'] : [];
  return [...asUser, 'env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...shell];
}

const pidFile = (name) => path.join(STATE, `${name}.pid`);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function stop(name) {
  if (!fs.existsSync(pidFile(name))) return;
  const pid = Number(fs.readFileSync(pidFile(name), 'utf8'));
  fs.rmSync(pidFile(name));
  if (!alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) spawnSync('sleep', ['0.1']);
}

function start(name) {
  if (name.endsWith('.timer')) return; // recorded by enable; its service runs when started
  const service = readUnit(name).Service ?? {};
  const type = service.Type?.at(-1) ?? 'simple';
  if (type === 'oneshot') {
    for (const line of [...(service.ExecStart ?? []), ...(service.ExecStartPost ?? [])]) {
      const [program, ...args] = command(service, line);
      const result = spawnSync(program, args, { stdio: 'inherit' });
      if (result.status !== 0 && !line.startsWith('-')) {
        process.stderr.write(`Job for ${name} failed: ${line} exited with ${result.status}\n`);
        process.exit(1);
      }
    }
    return;
  }
  stop(name);
  const log = fs.openSync(path.join(LOGS, `${name}.log`), 'a');
  const [program, ...args] = command(service, service.ExecStart.at(-1));
  const child = spawn(program, args, { detached: true, stdio: ['ignore', log, log] });
  fs.writeFileSync(pidFile(name), String(child.pid));
  child.unref();
}

function enable(name) {
  fs.appendFileSync(path.join(STATE, 'enabled'), `${name}\n`);
}

const argv = process.argv.slice(2);
const now = argv.includes('--now');
const [verb, ...names] = argv.filter((a) => !a.startsWith('-'));
const units = names.map((n) => (n.includes('.') ? n : `${n}.service`));
switch (verb) {
  case 'daemon-reload':
    break;
  case 'enable':
    for (const unit of units) {
      enable(unit);
      if (now) start(unit);
    }
    break;
  case 'start':
  case 'restart':
  case 'reload':
  case 'reload-or-restart':
    for (const unit of units) start(unit);
    break;
  case 'stop':
    for (const unit of units) stop(unit);
    break;
  case 'is-active':
    process.exit(units.every((u) => fs.existsSync(pidFile(u)) && alive(Number(fs.readFileSync(pidFile(u), 'utf8')))) ? 0 : 3);
    break;
  default:
    // A package's maintainer script may ask something else (is-enabled, preset): nothing to play.
    process.stderr.write(`fake systemctl: ${verb} not played\n`);
}
