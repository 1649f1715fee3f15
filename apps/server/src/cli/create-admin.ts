/**
 * Creates the first admin (and the operator company it belongs to) on an empty database:
 *   npm run create-admin -- --email a@b.hr --name Ana --surname Anić --company "Firma d.o.o." --oib 02994650199 --address "Ilica 1, Zagreb"
 * The password comes from KOVANICA_ADMIN_PASSWORD or is asked for on the terminal.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { companyCreate, userCreate, validationMessage } from '@kovanica/contract';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { companies, users } from '../db/schema/index.ts';
import { isEmpty } from '../demo/seed.ts';
import { hashPassword, passwordProblem } from '../security/passwords.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    surname: { type: 'string' },
    company: { type: 'string' },
    oib: { type: 'string' },
    address: { type: 'string' },
  },
});

async function main() {
  let password = process.env.KOVANICA_ADMIN_PASSWORD;
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question('Password for the admin (at least 12 characters, not a common one): ');
    rl.close();
  }
  // The platform's own company needs no module: admins are not limited by modules (docs/rules.md).
  const company = companyCreate
    .omit({ activeModules: true })
    .safeParse({ name: values.company, oib: values.oib, address: values.address, isTopGun: true });
  const user = userCreate.safeParse({
    email: values.email,
    name: values.name,
    surname: values.surname,
    roles: ['admin'],
    company: '/api/v2/companies/1',
    password,
  });
  const problems = [...(company.error?.issues ?? []), ...(user.error?.issues ?? [])].map((p) => `--${p.path.join('.')}: ${p.message}`);
  const weak = user.data && (await passwordProblem(user.data.password, { ...user.data, company: company.data?.name }));
  if (weak) problems.push(`password: ${validationMessage('en', weak)}`);
  if (problems.length) {
    for (const p of problems) console.error(p);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await database.migrate();
    if (!(await isEmpty(database.db))) {
      console.error('The database already has users: create further admins in the back-office.');
      process.exitCode = 1;
      return;
    }
    const passwordHash = await hashPassword(user.data?.password ?? '');
    await database.db.transaction(async (tx) => {
      if (!company.data || !user.data) throw new Error('validated above');
      const [row] = await tx
        .insert(companies)
        .values({ ...company.data, name: company.data.name, oib: company.data.oib, address: company.data.address })
        .returning();
      if (!row) throw new Error('insert failed');
      const { email, name, surname } = user.data;
      await tx.insert(users).values({ email, name, surname, roles: ['admin'], companyId: row.id, passwordHash });
    });
    console.log(`Admin ${values.email} created.`);
  } finally {
    await database.close();
  }
}

await main();
