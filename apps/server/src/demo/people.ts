import type { Role } from '@kovanica/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';

/** The person who issues the demo's bills by hand where the company has no manager among the demo's accounts. */
export const DEMO_CASHIER_OIB = '40728135969';

/** The company's first user of a role (its manager, its worker) as a subquery: who did what in the demo. */
export const demoPersonOf = (companyId: SQL | AnyColumn, role: Role): SQL =>
  sql`(select ${users.id} from ${users} where ${users.companyId} = ${companyId} and ${role} = any(${users.roles}) order by ${users.id} limit 1)`;
