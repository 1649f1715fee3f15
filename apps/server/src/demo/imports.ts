import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, imports, loyaltyCards, loyaltyOwners, users } from '../db/schema/index.ts';
import { DEMO_ZABAVNI_OIB, demoAccounts } from './seed.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The imported cards' chip numbers (7-byte, as the demo's own cards', in a range of their own). */
const IMPORTED_CARD_UID = (n: number) => `04${(0x7e0000 + n * 613).toString(16).toUpperCase().padStart(8, '0')}70`;

/**
 * The demo company's imports history (decision 0027): a price list with refused rows, a supplier's
 * card file, and a failed import, as the history shows them. The price list's rows stand for the
 * demo's own articles; the card file's 50 cards are written here, blank (no holder, no credit yet),
 * created when the file was imported, in the operator's programme. Does nothing when the company has
 * a history.
 */
export async function seedImports(db: Db, options: { now?: Date } = {}): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.oib, DEMO_ZABAVNI_OIB));
  if (!company) return 0;
  const [had] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(imports)
    .where(eq(imports.companyId, company.id));
  if (had?.n) return 0;
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, demoAccounts.manager.email), eq(users.companyId, company.id)));
  const userId = manager?.id ?? null;
  const rows: (typeof imports.$inferInsert)[] = [
    {
      companyId: company.id,
      userId,
      kind: 'articles',
      fileName: 'cjenik-kras-listopad.csv',
      rowsRead: 14,
      rowsWritten: 12,
      rowsRefused: 2,
      status: 'done',
      refused: [
        {
          line: 6,
          values: { name: 'Čokoladica 30 g', unit: 'komad', supplier: 'Kraš d.d.', vatRate: '25', purchaseNet: '0,45' },
          errors: [{ field: 'unit', code: 'choice', params: { values: 'pcs, pack, box, kg, l' } }],
        },
        {
          line: 11,
          values: { name: 'Bombonijera', unit: 'pcs', supplier: 'Kraš d.d.', vatRate: '25', sellingNet: '4,00', sellingGross: '6,00' },
          errors: [{ field: 'sellingGross', code: 'net_gross_mismatch' }],
        },
      ],
      createdAt: new Date(now - 21 * DAY),
    },
    {
      companyId: company.id,
      userId,
      kind: 'loyalty-cards',
      fileName: 'kartice-dobavljac-serija-7.csv',
      rowsRead: 50,
      rowsWritten: 50,
      rowsRefused: 0,
      status: 'done',
      createdAt: new Date(now - 9 * DAY),
    },
    {
      companyId: company.id,
      userId,
      kind: 'articles',
      fileName: 'cjenik-studeni.csv',
      rowsRead: 3,
      rowsWritten: 0,
      rowsRefused: 0,
      status: 'failed',
      error: 'import_name_taken',
      errorParams: { value: 'gumeni medvjedići' },
      createdAt: new Date(now - 2 * DAY),
    },
  ];
  await db.insert(imports).values(rows);
  // The supplier's batch of blank cards the card file wrote, numbered after the programme's own.
  const [programme] = await db
    .select({ id: loyaltyOwners.id })
    .from(loyaltyOwners)
    .where(and(eq(loyaltyOwners.companyId, company.id), eq(loyaltyOwners.isOperator, true)));
  if (programme)
    await db.insert(loyaltyCards).values(
      Array.from({ length: 50 }, (_, i) => ({
        companyId: company.id,
        ownerId: programme.id,
        uid: IMPORTED_CARD_UID(i + 1),
        number: `ZK-7${String(i + 1).padStart(5, '0')}`,
        createdAt: new Date(now - 9 * DAY),
      })),
    );
  return rows.length;
}
