import { randomBytes } from 'node:crypto';
import { mayWriteField, USER_PHOTO_MAX_BYTES, USER_PHOTO_SIZE, type User } from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid, notFound } from '../../core/errors.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { type UserRow, userPhotos, users } from '../../db/schema/index.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { toUser } from './users.service.ts';

/**
 * Decoding limits (decision 0029): a 5 MB file may still declare a huge canvas (a decompression
 * bomb); 40 megapixels covers any phone camera.
 */
const decodeOptions = { limitInputPixels: 40_000_000, failOn: 'error' } as const;

/** What the file's first bytes say it is; only JPEG, PNG and WebP are given to the decoder at all. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * The uploaded file checked and made the stored photo: its type by content (JPEG, PNG, WebP), at most
 * `USER_PHOTO_MAX_BYTES`, turned upright by its EXIF orientation, cropped to a square around the
 * subject, `USER_PHOTO_SIZE` px, WebP, with no metadata (a phone's GPS position stays behind).
 * A file that does not decode is the caller's 422, never a 500.
 */
export async function processPhoto(base64: string): Promise<Buffer> {
  // Cheap before decoding: base64 is 4 characters per 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > USER_PHOTO_MAX_BYTES) throw photoTooLarge();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > USER_PHOTO_MAX_BYTES) throw photoTooLarge();
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw invalid('image', 'photo_type');
  try {
    const { format } = await sharp(bytes, decodeOptions).metadata();
    if (format !== sniffed) throw invalid('image', 'photo_type');
    return await sharp(bytes, decodeOptions)
      .rotate()
      .resize(USER_PHOTO_SIZE, USER_PHOTO_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid('image', 'photo_unreadable');
  }
}

const photoTooLarge = () => new DomainError(413, 'photo_too_large', { max: USER_PHOTO_MAX_BYTES / 1024 / 1024 });

/** The `photo` a user's account shows for a stored photo: versioned, so a browser fetches a new one. */
export const photoUrl = (userId: number, version: string) => `/api/v2/users/${userId}/photo?v=${version}`;

export function userPhotosService(db: Db) {
  /** The account whose photo the caller changes: 404 outside their companies, 403 unless the `photo` field's rule lets them. */
  async function target(ctx: RequestContext, id: number): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), inCompanies(users.companyId, ctx.visible)));
    if (!row) throw notFound();
    if (!mayWriteField(ctx.actor.role, 'users', 'update', 'photo', row.id === ctx.actor.userId)) throw new DomainError(403, 'forbidden');
    return row;
  }

  /** Writes the photo (or removes it) with the account's `photo` and the audit row, or nothing. */
  async function write(ctx: RequestContext, id: number, image: Buffer | null): Promise<User> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw notFound();
      let photo: string | null = null;
      if (image) {
        const version = randomBytes(12).toString('base64url');
        const now = new Date();
        await tx
          .insert(userPhotos)
          .values({ userId: id, image, version, updatedAt: now })
          .onConflictDoUpdate({ target: userPhotos.userId, set: { image, version, updatedAt: now } });
        photo = photoUrl(id, version);
      } else {
        await tx.delete(userPhotos).where(eq(userPhotos.userId, id));
      }
      const [after] = await tx.update(users).set({ photo, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      if (!after) throw notFound();
      await recordChange(tx, ctx, { resource: 'users', recordId: id, companyId: after.companyId, action: 'update', before, after });
      return toUser(after);
    });
  }

  return {
    /** Checks, resizes and stores an uploaded photo; the account's `photo` points to it. */
    async put(ctx: RequestContext, id: number, base64: string): Promise<User> {
      await target(ctx, id);
      return write(ctx, id, await processPhoto(base64));
    },
    /** Removes the photo: the account shows the default picture again. */
    async remove(ctx: RequestContext, id: number): Promise<void> {
      await target(ctx, id);
      await write(ctx, id, null);
    },
    /** The stored photo of this version, or null (another version is gone: its URL names nothing). */
    async read(id: number, version: string): Promise<{ image: Buffer; version: string } | null> {
      const [row] = await db
        .select({ image: userPhotos.image, version: userPhotos.version })
        .from(userPhotos)
        .where(and(eq(userPhotos.userId, id), eq(userPhotos.version, version)));
      return row ?? null;
    },
  };
}
