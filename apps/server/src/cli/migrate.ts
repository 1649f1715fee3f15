/**
 * Applies the committed migrations to the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR) and exits. The server does the same at every start; this is for deployments and CI.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
