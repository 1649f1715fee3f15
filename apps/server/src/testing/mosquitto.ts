import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's `mosquitto` package (.ci/run installs it). */
export const MOSQUITTO = '/usr/sbin/mosquitto';
const PASSWD = '/usr/bin/mosquitto_passwd';

export interface Mosquitto {
  port: number;
  /** `mqtt://user:password@127.0.0.1:<port>` for one of its users. */
  url(user: string): string;
  /** Stops it (SIGTERM: it saves its persistence file) and starts it again on the same port and files. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Whether the tests that need Mosquitto can run; in CI its absence fails them (the caller throws), elsewhere they skip. */
export function mosquittoMissing(): string | null {
  if (existsSync(MOSQUITTO) && existsSync(PASSWD)) return null;
  const message = `${MOSQUITTO} is not installed (apt-get install mosquitto)`;
  if (process.env.CI) throw new Error(`${message}: CI needs it for the MQTT tests`);
  return message;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts TCP connections on the port (within 10 s). */
async function listening(port: number, child: ChildProcess, log: () => string) {
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}:\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`mosquitto did not listen on ${port}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A private Mosquitto for one test file, on a free port of 127.0.0.1, with its files in a temporary
 * directory: no anonymous clients, the users given (a password file made with `mosquitto_passwd -b`),
 * persistence on (a restart keeps the sessions and what waits in them), and the ACL of docs/api.md
 * "MQTT": the server's user reads and writes every logger's topics, a logger (its IMEI the user name)
 * only its own (`pattern readwrite kovanica/loggers/%u/#`). The machine's own Mosquitto is not used.
 */
export async function startMosquitto(users: Record<string, string>, serverUser: string): Promise<Mosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kovanica-mosquitto-'));
  const passwd = path.join(dir, 'passwd');
  writeFileSync(passwd, '', { mode: 0o600 });
  for (const [user, password] of Object.entries(users)) execFileSync(PASSWD, ['-b', passwd, user, password]);
  writeFileSync(
    path.join(dir, 'acl'),
    `user ${serverUser}\ntopic readwrite kovanica/loggers/#\n\npattern readwrite kovanica/loggers/%u/#\n`,
  );
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      // Run as root (CI), it would switch to the `mosquitto` user, which cannot read this directory.
      'user root',
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwd}`,
      `acl_file ${path.join(dir, 'acl')}`,
      'persistence true',
      `persistence_location ${dir}/`,
      // What waits for an absent session is kept whatever its count (the default keeps 1,000).
      'max_queued_messages 0',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  let output = '';
  let child: ChildProcess;
  const start = async () => {
    child = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    await listening(port, child, () => output);
  };
  const stopIt = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    url: (user) => `mqtt://${encodeURIComponent(user)}:${encodeURIComponent(users[user] ?? '')}@127.0.0.1:${port}`,
    async restart() {
      await stopIt();
      await start();
    },
    async stop() {
      await stopIt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
