/**
 * The devices' terms without zod (the web's first paint validates the logistic report's search with
 * them, decision 0016); the schemas are in `devices.ts`.
 */

/** Device groups (docs/rules.md "Money reports", logistic report); the logistic report groups by them. */
export const deviceGroups = ['saldo_reducer', 'monster', 'prize_device', 'kiddie_ride', 'vending', 'other'] as const;
export type DeviceGroup = (typeof deviceGroups)[number];
