import { type DeviceBulkRequest, deviceBulkPermissions, iri, mayWriteField, parseIri, sendsCommand } from '@kovanica/contract';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../db/errors.ts';
import { resolveRef } from '../../db/references.ts';
import { locations, tags } from '../../db/schema/index.ts';
import { commandsService } from '../commands/commands.service.ts';
import { devicesService } from './devices.service.ts';

/** One device's outcome: done, or the refusal its single action would have answered. */
export interface BulkOutcome {
  device: string;
  refusal: DomainError | null;
}

/** The resources a bulk action writes, whose cached reads go stale: devices, or the commands sent. */
export const bulkWrites = (action: DeviceBulkRequest['action']) => (sendsCommand(action) ? ('commands' as const) : ('devices' as const));

/** The device field an action writes, checked against the contract's field rules as the single edit does. */
const fieldOf = { tag: 'tags', untag: 'tags', move: 'location' } as const;

/** A refusal of the data layer or of a rule, as the device's own problem; anything else is no refusal but a fault. */
function refusalOf(error: unknown, field?: string): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof FieldError) return invalid(field ?? error.field, error.reason);
  return null;
}

/**
 * Applies one action to many devices (docs/rules.md "Bulk actions on devices"). The caller needs the
 * action's own permission (and may write its field); the tag or location must be one the caller can
 * see, or nothing is done (a 422). Then each device, once however often it is named, goes through the
 * single action's own service function, in its own transaction: a device refused leaves the others
 * done. A device the caller cannot see is refused as not found.
 */
export function deviceBulkService(db: Db) {
  const devices = devicesService(db);
  const commands = commandsService(db);

  const authorize = (ctx: RequestContext, request: DeviceBulkRequest) => {
    if (!ctx.can(deviceBulkPermissions[request.action])) throw new DomainError(403, 'forbidden');
    if (sendsCommand(request.action)) return;
    const field = fieldOf[request.action];
    if (!mayWriteField(ctx.actor.role, 'devices', 'update', field, false)) throw new DomainError(403, 'forbidden_field', { field });
  };

  /** What one device undergoes: the single action's service call. */
  const actionOf = (ctx: RequestContext, request: DeviceBulkRequest): ((id: number) => Promise<void>) => {
    switch (request.action) {
      case 'tag':
      case 'untag': {
        const { tag, action } = request;
        return async (id) => {
          const device = await devices.get(ctx, id);
          if (!device) throw notFound();
          const has = device.tags.includes(tag);
          if (has === (action === 'tag')) return;
          const next = action === 'tag' ? [...device.tags, tag] : device.tags.filter((t) => t !== tag);
          try {
            await devices.update(ctx, id, { tags: next });
          } catch (error) {
            // The tag's place in the device's list means nothing to the caller: the refusal names `tag`.
            throw refusalOf(error, 'tag') ?? error;
          }
        };
      }
      case 'move':
        return async (id) => {
          if (!(await devices.update(ctx, id, { location: request.location }))) throw notFound();
        };
      case 'free_ride':
      case 'reset':
        return async (id) => {
          if (!(await commands.send(ctx, id, { type: request.action, reason: request.reason }))) throw notFound();
        };
      case 'service_mode': {
        const type = request.on ? 'service_mode_on' : 'service_mode_off';
        return async (id) => {
          if (!(await commands.send(ctx, id, { type, reason: request.reason }))) throw notFound();
        };
      }
    }
  };

  return async function apply(ctx: RequestContext, request: DeviceBulkRequest): Promise<BulkOutcome[]> {
    authorize(ctx, request);
    // The tag or the place must be the caller's to see, whichever device it is for (a 422 on the field).
    if ('tag' in request) await resolveRef(db, ctx, { table: tags, collection: 'tags', field: 'tag' }, request.tag);
    if ('location' in request && request.location !== null) {
      await resolveRef(db, ctx, { table: locations, collection: 'locations', field: 'location' }, request.location);
    }
    const ids = [...new Set(request.devices.map((value) => parseIri('devices', value) ?? 0))];
    const act = actionOf(ctx, request);
    const outcomes: BulkOutcome[] = [];
    for (const id of ids) {
      try {
        await act(id);
        outcomes.push({ device: iri('devices', id), refusal: null });
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        outcomes.push({ device: iri('devices', id), refusal });
      }
    }
    return outcomes;
  };
}
