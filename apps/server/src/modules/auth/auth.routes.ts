import { loginRequest, loginResponse, problemSchema } from '@kovanica/contract';
import { z } from 'zod';
import { sessionTag } from '../../core/cache.ts';
import type { Deps } from '../../deps.ts';
import type { Api } from '../../http/api.ts';
import { contextOf } from '../../http/context.ts';
import { authService, type LoginLimits } from './auth.service.ts';

export function authRoutes(app: Api, { db, versions, limits }: Deps, options: { ttl: string; limits?: LoginLimits }) {
  const service = authService(db, limits, (claims) => app.jwt.sign(claims, { expiresIn: options.ttl }), options.limits);

  app.post('/api/v2/authentication_token', {
    config: { public: true },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password; answers a bearer token (JWT).',
      security: [],
      body: loginRequest,
      response: { 200: loginResponse, 401: problemSchema, 422: problemSchema, 429: problemSchema },
    },
    handler: (request) => service.login(request.body, request.ip),
  });

  app.post('/api/v2/logout', {
    config: { permission: 'auth.logout' },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: ends every sign-in of the caller, on every device.',
      response: { 204: z.null(), 401: problemSchema },
    },
    handler: async (request, reply) => {
      const { userId } = contextOf(request).actor;
      await service.logout(userId);
      versions.bump(sessionTag(userId)); // the caller's cached access, in every process; nothing else

      return reply.code(204).send(null);
    },
  });
}
