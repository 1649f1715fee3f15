import { z } from 'zod';
import { roles } from '../access.ts';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { isBase64 } from '../checks.ts';
import { languages } from '../languages.ts';
import { defineResource } from '../resource.ts';
import { zEmail, zOib, zPassword, zText } from '../validation.ts';
import { alarmPreferences, alarmPreferencesPatch } from './alarms.ts';

export const userItem = z.object({
  ...itemMeta,
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  /** The person's OIB, the operator OIB of the bills they issue by hand; null until set. */
  oib: z.string().nullable(),
  photo: z.string().nullable(),
  roles: z.array(z.enum(roles)),
  company: z.string(),
  active: z.boolean(),
  language: z.enum(languages).nullable(),
  /** Which alarms the person is told of, how and when: their own choices over their roles' defaults (docs/rules.md "Alarms"). */
  alarmPreferences,
  createdAt: z.string(),
});
export type User = z.infer<typeof userItem>;

const phone = z
  .string()
  .trim()
  .max(40)
  .regex(/^\+?[0-9 ()/-]{6,}$/, { error: 'format' });

export const userCreate = z.strictObject({
  email: zEmail(),
  name: zText(100),
  surname: zText(100),
  phone: phone.nullable().optional(),
  oib: zOib().nullable().optional(),
  roles: z.array(z.enum(roles)).min(1).max(4),
  company: zIri('companies'),
  active: z.boolean().optional(),
  language: z.enum(languages).nullable().optional(),
  password: zPassword(),
});
export type UserCreate = z.infer<typeof userCreate>;

export const userPatch = z.strictObject({
  email: zEmail().optional(),
  name: zText(100).optional(),
  surname: zText(100).optional(),
  phone: phone.nullable().optional(),
  oib: zOib().nullable().optional(),
  roles: z.array(z.enum(roles)).min(1).max(4).optional(),
  company: zIri('companies').optional(),
  active: z.boolean().optional(),
  language: z.enum(languages).nullable().optional(),
  password: zPassword().optional(),
  /** Each part given replaces the stored one (`kinds: null`: the roles' default again). */
  alarmPreferences: alarmPreferencesPatch.optional(),
  /** Required with a new password for one's own account (the profile screen asks for it). */
  currentPassword: z.string().max(200).optional(),
});
export type UserPatch = z.infer<typeof userPatch>;

/** A profile photo upload (`POST /users/{id}/photo`): the file at most this large, before encoding. */
export const USER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the square WebP a photo is stored as. */
export const USER_PHOTO_SIZE = 256;
/** The image types a photo may be uploaded as (checked by content, not by name). */
export const USER_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The photo file as base64 (like the fiscal certificate's upload); its type is read from its content. */
export const userPhotoUpload = z.strictObject({
  image: z.string().min(1, { error: 'required' }).refine(isBase64, { error: 'photo_unreadable' }),
});
export type UserPhotoUpload = z.infer<typeof userPhotoUpload>;

export const usersCollection: CollectionSpec = {
  filters: { email: 'iexact', role: 'exact', company: 'exact', active: 'boolean', name: 'partial', surname: 'partial', createdAt: 'range' },
  order: ['id', 'email', 'name', 'surname', 'createdAt'],
  defaultOrder: { surname: 'asc', name: 'asc' },
};

export const usersResource = defineResource({
  name: 'users',
  item: userItem,
  create: userCreate,
  patch: userPatch,
  collection: usersCollection,
});
