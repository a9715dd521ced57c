/**
 * Runs a throwaway OpenSSH server (Debian's openssh-server) on 127.0.0.1, for the tests of deploys over SSH and
 * `npm run doctor`: a temporary folder holds its sshd_config, a new host key and a new key pair of the client
 * (ssh-keygen), and it lets in only the current user with that key, so nothing of the machine's own SSH setup is read
 * or changed. The process stops with `close()`, which also deletes the folder.
 *
 * Running as root, sshd needs its privilege separation folder /run/sshd (compiled into Debian's sshd; the package's
 * service makes it at start, and /run is emptied at boot): it is made when missing, empty, mode 755, and left for
 * other sshd processes. sshd_config sets `StrictModes no` (the temporary folder belongs to whoever runs the tests)
 * and, for root, `PermitRootLogin prohibit-password` (keys only).
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers").
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';

/** Debian's sshd (openssh-server); sshd must be started by its absolute path (it re-executes itself). */
export const SSHD_PATH = '/usr/sbin/sshd';
/** sshd's privilege separation folder when it runs as root (Debian's build). */
const PRIVSEP_FOLDER = '/run/sshd';
/** How long to wait for sshd to listen, in ms, and the pause between tries. */
const START_TIMEOUT_MS = 10_000;
const START_POLL_MS = 50;

/** Resolves once a TCP connection to 127.0.0.1:port succeeds, rejects when refused. */
function canConnect(port) {
  return new Promise((resolveConnect, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolveConnect();
    });
    socket.on('error', reject);
  });
}

/** Makes an ed25519 key pair without a passphrase at `file` and `file.pub`; throws naming openssh-client. */
function makeKey(file, comment) {
  const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', file], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`ssh-keygen could not make a key (install Debian's openssh-client): ${made.stderr ?? made.error?.message}`);
}

/**
 * Starts sshd on a free loopback port, letting in the current user with a new key.
 * @returns {Promise<{ host: string, port: number, user: string, privateKey: string, keyFile: string,
 *   knownHosts: string, target: (path: string) => string, close: () => Promise<void> }>} `privateKey` the client
 *   key's text (also in `keyFile`); `knownHosts` the known_hosts line of the server's host key; `target(path)` an
 *   `ssh://user@127.0.0.1:port/path` DEPLOY_TARGET
 * @throws {Error} naming openssh-server when sshd is missing, or with sshd's own message when it does not start.
 */
export async function startSshd() {
  if (!existsSync(SSHD_PATH)) throw new Error(`${SSHD_PATH} not found. Install Debian's openssh-server (apt-get install openssh-server).`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && !existsSync(PRIVSEP_FOLDER)) mkdirSync(PRIVSEP_FOLDER, { mode: 0o755 });
  const folder = mkdtempSync(join(tmpdir(), 'sshd-'));
  const user = userInfo().username;
  const port = await getPort({ host: '127.0.0.1' });
  makeKey(join(folder, 'host_key'), 'throwaway host key');
  makeKey(join(folder, 'client_key'), 'throwaway client key');
  writeFileSync(join(folder, 'authorized_keys'), readFileSync(join(folder, 'client_key.pub')));
  const config = join(folder, 'sshd_config');
  writeFileSync(
    config,
    `Port ${port}
ListenAddress 127.0.0.1
HostKey ${join(folder, 'host_key')}
PidFile ${join(folder, 'sshd.pid')}
AuthorizedKeysFile ${join(folder, 'authorized_keys')}
AllowUsers ${user}
StrictModes no
PermitRootLogin ${isRoot ? 'prohibit-password' : 'no'}
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PrintMotd no
`,
  );
  const child = spawn(SSHD_PATH, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolveExit) => child.once('exit', resolveExit));
    }
    rmSync(folder, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += START_POLL_MS) {
    try {
      await canConnect(port);
      break;
    } catch (error) {
      if (waited > START_TIMEOUT_MS || child.exitCode !== null) {
        await close();
        throw new Error(`sshd did not start: ${stderr.trim()}`, { cause: error });
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, START_POLL_MS));
    }
  }
  const [type, key] = readFileSync(join(folder, 'host_key.pub'), 'utf8').split(' ');
  return {
    host: '127.0.0.1',
    port,
    user,
    privateKey: readFileSync(join(folder, 'client_key'), 'utf8'),
    keyFile: join(folder, 'client_key'),
    knownHosts: `[127.0.0.1]:${port} ${type} ${key}`,
    target: (path) => `ssh://${user}@127.0.0.1:${port}${path}`,
    close,
  };
}
