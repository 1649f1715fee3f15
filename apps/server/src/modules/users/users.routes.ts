import { problemSchema, userItem, userPhotoUpload, usersResource } from '@kovanica/contract';
import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { idParams, registerCrud } from '../../http/crud.ts';
import { withinUploadLimits } from '../../security/attempts.ts';
import { userPhotosService } from './users.photo.ts';
import { userColumns } from './users.queries.ts';
import { usersService } from './users.service.ts';

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
/** The photo's file as base64 (5 MB) with room to spare; beyond the photo limit the service answers a clear 413. */
const PHOTO_BODY_LIMIT = 16 * 1024 * 1024;

export function usersRoutes(app: Api, deps: Deps) {
  registerCrud(app, deps, {
    resource: usersResource,
    columns: userColumns,
    service: usersService(deps.db),
    // Without users.read a caller still reads their own account; own-record writes follow `writeRules`.
    allowSelf: { read: true },
    owned: (row, userId) => row.id === userId,
  });

  // The profile photo (decision 0029): who may write it is the `photo`
  // field's rule (one's own, or an admin), checked by the service like every record's access.
  const photos = userPhotosService(deps.db);
  const writing = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } finally {
      deps.versions.bump('users');
    }
  };

  app.route({
    method: 'POST',
    url: '/api/v2/users/:id/photo',
    bodyLimit: PHOTO_BODY_LIMIT,
    config: { permission: 'users.update', allowSelf: true },
    schema: {
      tags: ['users'],
      summary:
        "Upload a user's profile photo (JPEG, PNG or WebP as base64, at most 5 MB): stored as a 256×256 WebP; the user's photo points to it",
      params: idParams,
      body: userPhotoUpload,
      response: { 200: userItem, ...errors, 413: problemSchema, 415: problemSchema, 422: problemSchema, 429: problemSchema },
    },
    handler: async (request) => {
      const { id } = request.params;
      const { image } = request.body;
      const ctx = contextOf(request);
      return withinUploadLimits(deps.limits, ctx.actor, () => writing(() => photos.put(ctx, id, image)));
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/v2/users/:id/photo',
    config: { permission: 'users.update', allowSelf: true },
    schema: {
      tags: ['users'],
      summary: "Remove a user's profile photo (the default picture shows again)",
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await writing(() => photos.remove(contextOf(request), request.params.id));
      return reply.code(204).send(null);
    },
  });

  // Public, for <img src>: the random version in the URL is the key, and it is given only with the
  // account (`photo`), to those who may read it. A replaced or removed photo's URL names nothing.
  app.route({
    method: 'GET',
    url: '/api/v2/users/:id/photo',
    config: { public: true },
    schema: {
      tags: ['users'],
      summary: "A user's profile photo (image/webp), by the versioned URL of the user's photo field",
      params: idParams,
      querystring: z.object({ v: z.string().min(1).max(64) }),
      response: { 200: z.any(), 304: z.null(), 400: problemSchema, 404: problemSchema },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const photo = await photos.read(id, request.query.v);
      if (!photo) throw notFound();
      const etag = `"${photo.version}"`;
      reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type('image/webp').send(photo.image);
    },
  });
}
