import { and, eq, inArray } from 'drizzle-orm';
import { deviceCommands } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Broker } from './mqtt.broker.ts';
import { loggerTopics } from './mqtt.topics.ts';

type Log = (message: string, error?: unknown) => void;

/**
 * Commands reach a logger connected to the embedded broker as soon as they are queued, not with its
 * next batch's answer: at every change of commands (the `commands` version, bumped by the commands
 * routes on this or another instance), the pending commands of the loggers subscribed to their
 * `commands` topic here are marked delivered and published there at QoS 1, as `{ "commands": [{ id,
 * type }] }` (the batch answer's `commands`). The logger confirms each as over HTTP: with the free ride
 * or reset event naming it (`commandId`), which marks it done. Answers the function that stops it.
 */
export function pushCommands(deps: Deps, broker: Broker, log: Log): () => Promise<void> {
  let queued = false;
  let running: Promise<void> = Promise.resolve();
  const push = async () => {
    queued = false;
    const listening = broker.listening();
    if (!listening.length) return;
    const rows = await deps.db
      .update(deviceCommands)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(
        and(
          inArray(
            deviceCommands.loggerId,
            listening.map((l) => l.id),
          ),
          eq(deviceCommands.status, 'pending'),
        ),
      )
      .returning({ id: deviceCommands.id, type: deviceCommands.type, loggerId: deviceCommands.loggerId });
    if (!rows.length) return;
    for (const logger of listening) {
      const commands = rows
        .filter((r) => r.loggerId === logger.id)
        .map(({ id, type }) => ({ id, type }))
        .sort((a, b) => a.id - b.id);
      if (commands.length) await broker.publish(loggerTopics(logger.imei).commands, Buffer.from(JSON.stringify({ commands })));
    }
    deps.versions.bump('commands');
  };
  const off = deps.versions.onBump((tag) => {
    if (tag !== 'commands' || queued) return;
    queued = true;
    running = running.then(push).catch((error: unknown) => log('pending commands could not be pushed over MQTT', error));
  });
  return async () => {
    off();
    await running;
  };
}
