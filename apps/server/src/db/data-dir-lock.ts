import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database has one owner at a time: two processes opening one PGlite directory corrupt
 * it (PGlite keeps no lock of its own, and writes without fsync until closed). The server, the
 * migrations and the backup commands take this lock: a file naming the owner's process id, which a
 * later owner may take over once that process is gone (a crash leaves the file behind).
 */
const LOCK_FILE = 'kovanica.pid';

/** The process id holding the data directory, or null when it is free (or its holder died). */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0); // signal 0: is it alive?
    return pid;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Takes the data directory for this process, or throws naming the process that holds it. */
export function lockDataDir(dataDir: string, what: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) {
    throw new Error(`The embedded database in ${dataDir} is in use by process ${holder} (a running server?). Stop it before the ${what}.`);
  }
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (dataDirHolder(dataDir) === null) rmSync(file, { force: true });
  };
}
