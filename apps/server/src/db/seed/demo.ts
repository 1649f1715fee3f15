import { moduleComponents, modules, type Role } from '@kovanica/contract';
import { count } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/passwords.ts';
import type { Db } from '../client.ts';
import { companies, users } from '../schema/index.ts';

export const DEMO_PASSWORD = 'kovanica-demo';

export const demoLogins: { email: string; role: Role; company: string }[] = [
  { email: 'admin@kovanica.test', role: 'admin', company: 'Zabavni automati d.o.o.' },
  { email: 'manager@zabavni.test', role: 'manager', company: 'Zabavni automati d.o.o.' },
  { email: 'accountant@zabavni.test', role: 'accountant', company: 'Zabavni automati d.o.o.' },
  { email: 'worker@zabavni.test', role: 'worker', company: 'Zabavni automati d.o.o.' },
  { email: 'manager@drugi.test', role: 'manager', company: 'Drugi automati j.d.o.o.' },
];

/** True when the database has no users yet: only such a database is ever seeded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data: the operator "Zabavni automati d.o.o." (top-level, every module, one subsidiary) with a
 * manager, an accountant and a worker; an unrelated company with its own manager; the platform admin.
 * Later issues add the fleet and its history.
 */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [zabavni] = await tx
      .insert(companies)
      .values({
        name: 'Zabavni automati d.o.o.',
        oib: '02994650199',
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
      })
      .returning();
    if (!zabavni) throw new Error('seed failed');
    const [, drugi] = await tx
      .insert(companies)
      .values([
        {
          name: 'Zabavni automati Istra d.o.o.',
          oib: '35412876905',
          address: 'Riva 12, 52100 Pula',
          email: 'istra@zabavni.test',
          parentId: zabavni.id,
          activeModules: ['devices', 'deposits', 'finance', 'bills'],
          operationalCostsCents: 420_000,
        },
        {
          name: 'Drugi automati j.d.o.o.',
          oib: '98765432198',
          inVatSystem: false,
          address: 'Korzo 5, 51000 Rijeka',
          email: 'info@drugi.test',
          activeModules: ['devices', 'deposits', 'finance'],
          operationalCostsCents: 250_000,
        },
      ])
      .returning();
    if (!drugi) throw new Error('seed failed');
    const person = (email: string, name: string, surname: string, role: Role, companyId: number) => ({
      email,
      name,
      surname,
      roles: [role],
      companyId,
      passwordHash,
      phone: '+385 91 000 0000',
    });
    await tx
      .insert(users)
      .values([
        person('admin@kovanica.test', 'Ana', 'Administrator', 'admin', zabavni.id),
        person('manager@zabavni.test', 'Marko', 'Horvat', 'manager', zabavni.id),
        person('accountant@zabavni.test', 'Ivana', 'Kovačić', 'accountant', zabavni.id),
        person('worker@zabavni.test', 'Luka', 'Babić', 'worker', zabavni.id),
        person('manager@drugi.test', 'Petra', 'Novak', 'manager', drugi.id),
      ]);
  });
}
