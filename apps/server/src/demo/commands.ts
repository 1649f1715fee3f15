import { and, eq, inArray } from 'drizzle-orm';
import { buildContext, loadActor } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { deviceCommands, devices, users } from '../db/schema/index.ts';
import { commandsService } from '../modules/commands/commands.service.ts';
import { demoAccounts } from './seed.ts';

/**
 * Remote commands waiting for their loggers (docs/rules.md "Remote commands"), so the device's page
 * and the reset list show them: Zabavni's worker has asked for service mode on Masažna fotelja 1
 * (pending: its logger has not reported since) and a reset of Foto kabina 2 (delivered with the
 * logger's last answer, not yet carried out). Carried-out commands are left out: a done one is the
 * logger's event naming it, which the history does not write. Only for those of the two devices with
 * no command yet; answers how many it wrote.
 */
export async function seedDemoCommands(db: Db, now = new Date()): Promise<number> {
  const [worker] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.worker.email));
  const actor = worker ? await loadActor(db, worker.id) : null;
  if (!actor) return 0;
  const ctx = buildContext(actor, 'hr', false);
  const named = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.companyId, actor.companyId), inArray(devices.name, ['Masažna fotelja 1', 'Foto kabina 2'])));
  const asked = await db
    .select({ deviceId: deviceCommands.deviceId })
    .from(deviceCommands)
    .where(
      inArray(
        deviceCommands.deviceId,
        named.map((d) => d.id),
      ),
    );
  const id = (name: string) => {
    const device = named.find((d) => d.name === name);
    return device && !asked.some((a) => a.deviceId === device.id) ? device.id : undefined;
  };
  const service = commandsService(db);
  let written = 0;
  const chair = id('Masažna fotelja 1');
  if (chair && (await service.send(ctx, chair, { type: 'service_mode_on', reason: 'Zamjena presvlake, ne naplaćivati probne igre' })))
    written++;
  const booth = id('Foto kabina 2');
  const reset = booth ? await service.send(ctx, booth, { type: 'reset', reason: 'Zaslon zamrznut nakon nestanka struje' }) : null;
  if (reset) {
    await db
      .update(deviceCommands)
      .set({ status: 'delivered', requestedAt: new Date(now.getTime() - 40 * 60_000), deliveredAt: new Date(now.getTime() - 25 * 60_000) })
      .where(eq(deviceCommands.id, reset.id));
    written++;
  }
  return written;
}
