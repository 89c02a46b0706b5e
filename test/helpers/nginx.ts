/**
 * A real nginx (Debian's) in front of several service instances for a test: its own
 * config, pid, logs and temp folders in a fresh temp folder, a free port of 127.0.0.1,
 * round robin over the upstreams (nginx's default), as docs/postgresql.md configures it.
 * The access log names the upstream that answered each request.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { tempDir } from './server.ts';
import { freePort } from '../../scripts/free-port.ts';


const nginxBinary = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? 'nginx';

/** `port`: listen there (a test that must name nginx's address before it starts, e.g. TEAM_ORIGIN); default a free one. */
export async function startNginx(upstreams: readonly string[], { port: fixedPort }: { port?: number } = {}) {
  const dir = tempDir('nginx-test-');
  // Started as root, nginx's workers run as nobody: they buffer a large body (a CV) under this folder.
  fs.chmodSync(dir, 0o755);
  const port = fixedPort ?? (await freePort());
  const hosts = upstreams.map((u) => new URL(u).host);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstream '$remote_addr $request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream intake {
${hosts.map((h) => `    server ${h} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 6m;
    location / {
      proxy_pass http://intake;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const child = spawn(nginxBinary(), ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    /** Access-log lines: "client method path status upstream". */
    accessLog: (): string[] => fs.readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    },
  };
}
