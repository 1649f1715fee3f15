import { type MachineAuditCounters, machineAuditCounters } from '@kovanica/contract';
import type { Db } from '../db/client.ts';
import { machineAudits } from '../db/schema/index.ts';

let made = 0;

/**
 * A machine audit of the company, waiting to be assigned, written straight into its table: for the
 * tests that walk every route or every PATCH (a real file goes through `POST /machine-audits`).
 */
export async function insertMachineAudit(db: Db, companyId: number): Promise<number> {
  const counters = Object.fromEntries(Object.keys(machineAuditCounters.shape).map((key) => [key, null])) as MachineAuditCounters;
  const n = ++made;
  const [row] = await db
    .insert(machineAudits)
    .values({
      companyId,
      fileName: `walk-${n}.dex`,
      source: 'api',
      content: `ID1*WALK${n}`,
      contentHash: `walk-${n}`,
      counters,
      auditedAt: new Date(),
    })
    .returning({ id: machineAudits.id });
  if (!row) throw new Error('no audit inserted');
  return row.id;
}
