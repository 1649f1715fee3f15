import pg from 'pg';

export const TEMPLATE_PREFIX = 'kovanica_tpl_';

/** The names of a run's test databases, from its template's: the run's teardown finds those left over. */
export const testDatabasePrefix = (template: string) => `${template.replace(TEMPLATE_PREFIX, 'kovanica_test_')}_`;

/** The same server and credentials as `base`, another database. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A connection to the server's maintenance database, for CREATE/DROP DATABASE. */
export async function adminUrl(base: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  return client;
}
