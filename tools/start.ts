/**
 * `npm start`: the web build and the server side by side. The server migrates and, into a new embedded
 * database, writes the demo data (minutes the first time) while the app builds; it serves once both
 * are done (it waits for the build's word over IPC, `KOVANICA_AWAIT_BUILD`). The server gets the
 * terminal's signals (Ctrl-C closes it cleanly); a failed build stops it.
 */
import { spawn } from 'node:child_process';

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, KOVANICA_AWAIT_BUILD: '1' },
});
const build = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    build.kill(signal);
    server.kill(signal);
  });
}
build.on('close', (code) => {
  if (code === 0) server.send('built');
  else {
    console.error(`npm run build failed (${code}): the server is stopped`);
    server.kill('SIGTERM');
    process.exitCode = 1;
  }
});
server.on('close', (code, signal) => {
  build.kill('SIGTERM');
  process.exit(process.exitCode || (code ?? (signal ? 1 : 0)));
});
