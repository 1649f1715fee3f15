/**
 * `npm start`: the server, with the web app built beforehand (decision 0044). `npm ci` builds the app
 * (the `prepare` script, tools/web-build.ts); the start reuses that build while it is newer than every
 * source, so a first start serves in seconds. When it is missing or older, it builds beside the server,
 * which writes the base demo meanwhile and serves once the build is done (it waits for the build's
 * word over IPC, `KOVANICA_AWAIT_BUILD`). The server writes the demo's 13 months of history after it
 * listens. The server gets the terminal's signals (Ctrl-C closes it cleanly); a failed build stops it.
 * With WEB_DIST set, that build is served as it is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { webBuildNeeded } from './web-build.ts';

const needed = process.env.WEB_DIST ? null : webBuildNeeded();
if (needed) console.log(`The web app's build is ${needed === 'missing' ? 'missing' : 'older than its sources'}: building it (20–40 s)…`);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: needed ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: { ...process.env, ...(needed ? { KOVANICA_AWAIT_BUILD: '1' } : {}) },
});
const build: ChildProcess | null = needed ? spawn('npm', ['run', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] }) : null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    build?.kill(signal);
    server.kill(signal);
  });
}
build?.on('close', (code) => {
  if (code === 0) server.send('built');
  else {
    console.error(`npm run build failed (${code}): the server is stopped`);
    server.kill('SIGTERM');
    process.exitCode = 1;
  }
});
server.on('close', (code, signal) => {
  build?.kill('SIGTERM');
  process.exit(process.exitCode || (code ?? (signal ? 1 : 0)));
});
