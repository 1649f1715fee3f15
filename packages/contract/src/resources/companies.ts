import { z } from 'zod';
import { moduleComponents, modules } from '../access.ts';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { zCents, zEmail, zOib, zText } from '../validation.ts';

export const companyItem = z.object({
  ...itemMeta,
  name: z.string(),
  oib: z.string(),
  inVatSystem: z.boolean(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notificationEmails: z.array(z.string()),
  sendNotifications: z.boolean(),
  sendDailyReports: z.boolean(),
  sendDepositNotifications: z.boolean(),
  sendDeviceEmptyEvents: z.boolean(),
  sendUnverifiedDeposits: z.boolean(),
  operationalCostsCents: z.number().int(),
  isTopGun: z.boolean(),
  parent: z.string().nullable(),
  activeModules: z.array(z.enum(modules)),
  activeModuleComponents: z.array(z.enum(moduleComponents)),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companyItem>;

const fields = {
  name: zText(200),
  oib: zOib(),
  inVatSystem: z.boolean(),
  address: zText(300),
  phone: z.string().trim().max(40).nullable(),
  email: zEmail().nullable(),
  notificationEmails: z.array(zEmail()).max(20),
  sendNotifications: z.boolean(),
  sendDailyReports: z.boolean(),
  sendDepositNotifications: z.boolean(),
  sendDeviceEmptyEvents: z.boolean(),
  sendUnverifiedDeposits: z.boolean(),
  operationalCostsCents: zCents(),
  isTopGun: z.boolean(),
  parent: zIri('companies').nullable(),
  activeModules: z.array(z.enum(modules)),
  activeModuleComponents: z.array(z.enum(moduleComponents)),
};

const optional = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

export const companyCreate = z.strictObject({
  ...optional(fields),
  name: fields.name,
  oib: fields.oib,
  address: fields.address,
});
export type CompanyCreate = z.infer<typeof companyCreate>;

export const companyPatch = z.strictObject(optional(fields));
export type CompanyPatch = z.infer<typeof companyPatch>;

export const companiesCollection: CollectionSpec = {
  filters: { name: 'partial', oib: 'exact', isTopGun: 'boolean', parent: 'exact', createdAt: 'range' },
  order: ['id', 'name', 'oib', 'createdAt'],
  defaultOrder: { name: 'asc' },
};
