import { moduleComponents, modules, type Role } from '@kovanica/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema/index.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { hashPassword } from '../security/passwords.ts';
import { seedFiscal } from './fiscal.ts';
import { DEMO_SET_UP, seedCities, seedFleet } from './fleet.ts';

/** The demo companies have every component of the modules they have on (the map, maintenance, …). */
const componentsOf = (on: readonly string[]) => moduleComponents.filter((c) => on.includes(c.split('.')[0] ?? ''));

export const DEMO_PASSWORD = 'kovanica-demo';

const ZABAVNI = 'Zabavni automati d.o.o.';
const DRUGI = 'Drugi automati j.d.o.o.';
/** The subsidiary whose recent bills the demo leaves unfiscalized (`settleDemoBills`). */
export const DEMO_ISTRA_OIB = '35412876905';
/** The parent company of the demo. */
export const DEMO_ZABAVNI_OIB = '02994650199';

/** The demo accounts, by the part they play; the seed, the start banner and the tests read them here. */
/** The demo's people; their OIBs (made up, with valid check digits) name them on the bills they issue by hand. */
export const demoAccounts = {
  admin: { email: 'admin@kovanica.test', name: 'Ana', surname: 'Administrator', role: 'admin', company: ZABAVNI, oib: '51839246017' },
  manager: { email: 'manager@zabavni.test', name: 'Marko', surname: 'Horvat', role: 'manager', company: ZABAVNI, oib: '62940357120' },
  accountant: {
    email: 'accountant@zabavni.test',
    name: 'Ivana',
    surname: 'Kovačić',
    role: 'accountant',
    company: ZABAVNI,
    oib: '73051468235',
  },
  worker: { email: 'worker@zabavni.test', name: 'Luka', surname: 'Babić', role: 'worker', company: ZABAVNI, oib: '84162579342' },
  otherManager: { email: 'manager@drugi.test', name: 'Petra', surname: 'Novak', role: 'manager', company: DRUGI, oib: '95273680458' },
} as const satisfies Record<string, { email: string; name: string; surname: string; role: Role; company: string; oib: string }>;

/** True when the database has no users yet: only such a database is ever seeded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data: the operator "Zabavni automati d.o.o." (top-level, every module, one subsidiary) with a
 * manager, an accountant and a worker; an unrelated company with its own manager; the platform admin;
 * the fleet of each (fleet.ts). The telemetry issue adds the fleet's history.
 */
export async function seedDemo(db: Db, keys: FiscalKeys): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [zabavni] = await tx
      .insert(companies)
      .values({
        name: ZABAVNI,
        oib: DEMO_ZABAVNI_OIB,
        inVatSystem: true,
        address: 'Ulica grada Vukovara 237, 10000 Zagreb',
        phone: '+385 1 6155 200',
        email: 'ured@zabavni.test',
        notificationEmails: ['uprava@zabavni.test', 'racunovodstvo@zabavni.test'],
        sendNotifications: true,
        sendDailyReports: true,
        sendDepositNotifications: true,
        sendDeviceEmptyEvents: false,
        sendUnverifiedDeposits: true,
        operationalCostsCents: 1_850_000,
        isTopGun: true,
        activeModules: [...modules],
        activeModuleComponents: [...moduleComponents],
        depositToleranceCents: 200,
        // The depot the collection rounds start from: the company's own yard in Zagreb (docs/rules.md "Visits").
        depotLatitude: 45.8003,
        depotLongitude: 15.9941,
        // Its boxes are large for what they take in: it empties them from 40 % full, or when they are
        // forecast full within five days, so less cash waits in the field.
        visitFillPercent: 40,
        visitFullWithinDays: 5,
        createdAt: DEMO_SET_UP.companies,
      })
      .returning();
    if (!zabavni) throw new Error('seed failed');
    const [istra, drugi] = await tx
      .insert(companies)
      .values([
        {
          name: 'Zabavni automati Istra d.o.o.',
          oib: DEMO_ISTRA_OIB,
          address: 'Riva 12, 52100 Pula',
          email: 'istra@zabavni.test',
          parentId: zabavni.id,
          activeModules: ['devices', 'deposits', 'finance', 'bills'],
          activeModuleComponents: componentsOf(['devices', 'deposits', 'finance', 'bills']),
          operationalCostsCents: 420_000,
          createdAt: DEMO_SET_UP.companies,
        },
        {
          name: DRUGI,
          oib: '98765432198',
          inVatSystem: false,
          address: 'Korzo 5, 51000 Rijeka',
          email: 'info@drugi.test',
          activeModules: ['devices', 'deposits', 'finance', 'stock'],
          activeModuleComponents: componentsOf(['devices', 'deposits', 'finance', 'stock']),
          operationalCostsCents: 250_000,
          createdAt: DEMO_SET_UP.companies,
        },
      ])
      .returning();
    if (!istra || !drugi) throw new Error('seed failed');
    await tx.insert(users).values(
      Object.values(demoAccounts).map(({ email, name, surname, role, company, oib }) => ({
        email,
        name,
        surname,
        oib,
        roles: [role],
        companyId: company === DRUGI ? drugi.id : zabavni.id,
        passwordHash,
        phone: '+385 91 000 0000',
        createdAt: DEMO_SET_UP.companies,
      })),
    );
    await seedCities(tx);
    await seedFleet(tx, { id: zabavni.id, workerEmail: demoAccounts.worker.email }, { loggerOffset: 0, lessorOffset: 0 });
    await seedFleet(tx, { id: istra.id }, { locations: [16, 11], devices: 5, loggerOffset: 100, lessorOffset: 20, tagNames: ['Ljeto'] });
    await seedFleet(tx, { id: drugi.id }, { locations: [17, 7], devices: 4, loggerOffset: 200, lessorOffset: 40, tagNames: ['Premium'] });
    // The companies that use bills fiscalize through the simulated CIS; the third has no bills module.
    // Istra's certificate ends within the 30 days the fiscal settings warn about.
    await seedFiscal(tx, keys, [
      { ...zabavni, certificateDays: 3 * 365 },
      { ...istra, certificateDays: 20 },
    ]);
  });
}
