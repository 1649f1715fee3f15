import { z } from 'zod';
import type { Permission } from '../access.ts';
import { problemSchema, zIri } from '../api.ts';
import { zText } from '../validation.ts';

/**
 * One action applied to many devices at once (docs/rules.md "Bulk actions on devices"): each device is
 * handled as its single action would handle it, in its own transaction, and answered done or refused.
 */
export const deviceBulkActions = ['tag', 'untag', 'move', 'free_ride', 'reset', 'service_mode'] as const;
export type DeviceBulkAction = (typeof deviceBulkActions)[number];

/** The actions that send each device's logger a command (the others write the device). */
export const commandBulkActions = ['free_ride', 'reset', 'service_mode'] as const satisfies readonly DeviceBulkAction[];
export const sendsCommand = (action: DeviceBulkAction): action is (typeof commandBulkActions)[number] =>
  (commandBulkActions as readonly DeviceBulkAction[]).includes(action);

/** The devices a bulk action is for: 1 to 200; a device named twice is handled once. */
const devicesField = z.array(zIri('devices')).min(1).max(200);

export const deviceBulkRequest = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('tag'), devices: devicesField, tag: zIri('tags') }),
  z.strictObject({ action: z.literal('untag'), devices: devicesField, tag: zIri('tags') }),
  /** `null`: taken away from its location (the placement is closed, none opened). */
  z.strictObject({ action: z.literal('move'), devices: devicesField, location: zIri('locations').nullable() }),
  /** The reason is kept with each command, as a single command's is. */
  z.strictObject({ action: z.literal('free_ride'), devices: devicesField, reason: zText(300) }),
  z.strictObject({ action: z.literal('reset'), devices: devicesField, reason: zText(300) }),
  /** Sends `service_mode_on` (`on: true`) or `service_mode_off`: the logger turns the machine's switch. */
  z.strictObject({ action: z.literal('service_mode'), devices: devicesField, on: z.boolean(), reason: zText(300) }),
]);
export type DeviceBulkRequest = z.infer<typeof deviceBulkRequest>;

/** Which permission each action needs: the one its single action needs. */
export const deviceBulkPermissions = {
  tag: 'devices.update',
  untag: 'devices.update',
  move: 'devices.update',
  free_ride: 'devices.command',
  reset: 'devices.command',
  service_mode: 'devices.command',
} as const satisfies Record<DeviceBulkAction, Permission>;

/** One device's outcome: done, or refused with the problem its single action would have answered. */
export const deviceBulkResult = z.union([
  z.object({ device: z.string(), ok: z.literal(true) }),
  z.object({ device: z.string(), ok: z.literal(false), problem: problemSchema }),
]);
export type DeviceBulkResult = z.infer<typeof deviceBulkResult>;

export const deviceBulkAnswer = z.object({
  results: z.array(deviceBulkResult),
  done: z.number().int(),
  refused: z.number().int(),
});
export type DeviceBulkAnswer = z.infer<typeof deviceBulkAnswer>;
