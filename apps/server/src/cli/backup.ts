/**
 * Backup and restore of the configured installation (DATABASE_URL, or the embedded database in
 * DATA_DIR), decision 0031:
 *   npm run backup                          writes backups/kovanica-<time>.tar
 *   npm run backup -- --out /srv/b.tar      writes there
 *   npm run restore -- /srv/b.tar           restores into an empty installation
 *   npm run restore -- /srv/b.tar --force   replaces what is there (the embedded one is moved aside)
 * The embedded database is backed up and restored with the server stopped (the command refuses
 * otherwise); PostgreSQL's while it runs.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, backup, restore } from '../db/backup.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const [command, file] = positionals;
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;

try {
  if (command === 'backup') {
    const out = values.out ?? `backups/kovanica-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`;
    const manifest = await backup(target, out);
    console.log(`Backed up ${where} to ${out} (${manifest.files.length} files beside the database).`);
  } else if (command === 'restore' && file) {
    const manifest = await restore(target, file, { force: values.force });
    console.log(`Restored ${file} (made ${manifest.createdAt}) into ${where}. Start the server: it applies newer migrations.`);
  } else {
    console.error('Usage: backup.ts backup [--out FILE] | restore FILE [--force]');
    process.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof BackupError) && !(error instanceof Error && error.message.includes('in use by process'))) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
