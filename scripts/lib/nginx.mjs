/**
 * Runs real nginx over a built dist/ (REFERENCE.md "Hosting"), for the route and header tests, the deploy gate
 * (scripts/lib/site-checks.mjs) and the benchmark: a throwaway prefix directory with a main config that includes the
 * generated `dist/nginx.conf` inside a server listening on a free loopback port, with `upstream portal` pointing at
 * the given portal. The process stops with `close()` (and with the process that started it).
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers"): tests import it from here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import getPort from 'get-port';
import { quote } from 'shell-quote';
import { BROTLI_STATIC_CONF } from '../../src/site/limits.ts';
import { brotliStaticModule, nginxPath } from './system.mjs';

/** Resolves once a TCP connection to 127.0.0.1:port succeeds. */
function canConnect(port) {
  return new Promise((resolveConnect, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolveConnect();
    });
    socket.on('error', reject);
  });
}

/**
 * Writes a throwaway self-signed certificate for 127.0.0.1 and localhost (EC P-256, one day), with openssl.
 * @param {string} certFile where the certificate goes (PEM)
 * @param {string} keyFile where its private key goes (PEM)
 * @throws {Error} when openssl fails or is missing: its first line names the cause (openssl's error output, or the
 *   spawn error when there is no openssl)
 */
export function makeTestCertificate(certFile, keyFile) {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) {
    throw new Error(`openssl could not make a test certificate: ${made.error?.message ?? made.stderr.trim()}`);
  }
}

/**
 * The main nginx configuration of a throwaway prefix: one worker, temp paths and logs in the prefix, `upstream
 * portal` at the given host, and one server that includes the build's generated `nginx.conf`.
 * @param {{ prefix: string, root: string, listen: string, portalHost: string, brotliModule?: string, isRoot: boolean }}
 *   options `listen`: the server's listen lines; `brotliModule`: the brotli_static module's path, to load it;
 *   `isRoot`: nginx runs as root (its workers then run as root too)
 * @returns {string} the configuration's text
 */
function mainConfig({ prefix, root, listen, portalHost, brotliModule, isRoot }) {
  return `${brotliModule ? `load_module ${brotliModule};\n` : ''}${isRoot ? 'user root;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream portal { server ${portalHost}; }
  server {
    ${listen}
    server_name localhost;
    root ${root};
    include ${root}/nginx.conf;
  }
}
`;
}

/** How long reloadAndWait waits at most for the workers of the old configuration to go, in seconds. */
const RELOAD_WAIT_SECONDS = 10;

/**
 * The sh command `reload`, then a wait until every worker of master `pid` from before it has exited, read from Linux's
 * /proc (at most RELOAD_WAIT_SECONDS). `nginx -s reload` returns once it has signalled the master, which then starts
 * new workers and lets the old ones finish: a request in between is still answered with the old configuration (its
 * headers, e.g. the old Content-Security-Policy, over the new release's files), so a test visiting right after a
 * switch met a page whose inline script the old policy blocked.
 * @param {number | undefined} pid the nginx master's process id
 * @param {string} reload the reload command (sh)
 * @returns {string} the sh command
 */
function reloadAndWait(pid, reload) {
  const workers = `cat /proc/${pid}/task/*/children 2>/dev/null`;
  const steps = RELOAD_WAIT_SECONDS * 20;
  return `old=$(${workers}) && ${reload} && i=0 && while [ $i -lt ${steps} ]; do alive=; for w in $old; do [ -d /proc/$w ] && alive=1; done; [ -z "$alive" ] && break; i=$((i + 1)); sleep 0.05; done`;
}

/**
 * Starts nginx serving `dist` with the generated include.
 * With `tls`, the server speaks HTTPS with a throwaway self-signed certificate for 127.0.0.1 (written as
 * `certFile`, to trust with NODE_EXTRA_CA_CERTS) and answers plain HTTP on the same port with a 301 to HTTPS
 * (nginx error 497), as a production front would: what the HTTP Observatory needs to grade HSTS and redirection.
 * With Debian's brotli_static module installed (brotliStaticModule), nginx loads it and the prefix holds
 * BROTLI_STATIC_CONF, as .github/OPERATIONS.md tells an operator to set it up, so the include sends the `.br` copies;
 * `brotli: false` starts it as a server without the module.
 * @param {{ dist: string, portalUrl: string, tls?: boolean, brotli?: boolean }} options portalUrl like http://127.0.0.1:4322
 * @returns {Promise<{ url: string, port: number, certFile?: string, reloadCommand: string, close: () => Promise<void> }>}
 *   `reloadCommand` the sh command that makes this nginx read its configuration again (`nginx -s reload`), as an
 *   operator's DEPLOY_RELOAD_COMMAND would, and returns once the new configuration answers (reloadAndWait)
 */
export async function startNginx({ dist, portalUrl, tls = false, brotli = true }) {
  const root = resolve(dist);
  if (!existsSync(join(root, 'nginx.conf'))) throw new Error(`${root}/nginx.conf missing: build first.`);
  const port = await getPort({ host: '127.0.0.1' });
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-site-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const portal = new URL(portalUrl);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const conf = join(prefix, 'nginx.conf');
  const certFile = join(prefix, 'cert.pem');
  const keyFile = join(prefix, 'key.pem');
  if (tls) makeTestCertificate(certFile, keyFile);
  const listen = tls
    ? `listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${certFile};
    ssl_certificate_key ${keyFile};
    error_page 497 =301 https://$host:$server_port$request_uri;`
    : `listen 127.0.0.1:${port};`;
  const brotliModule = brotli ? brotliStaticModule() : undefined;
  if (brotliModule) writeFileSync(join(prefix, BROTLI_STATIC_CONF), 'brotli_static on;\n');
  writeFileSync(conf, mainConfig({ prefix, root, listen, portalHost: portal.host, brotliModule, isRoot }));
  const test = spawnSync(nginxPath(), ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = spawn(nginxPath(), ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await canConnect(port);
      break;
    } catch (error) {
      if (attempt > 50 || child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`, { cause: error });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    ...(tls ? { certFile } : {}),
    reloadCommand: reloadAndWait(child.pid, quote([nginxPath(), '-p', prefix, '-c', conf, '-s', 'reload'])),
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
