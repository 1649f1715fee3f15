import { loginRequest, loginResponse, problemSchema } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../http/deps.ts';
import { authService, type LoginLimits } from './auth.service.ts';

export function authRoutes(fastify: FastifyInstance, { db }: Deps, options: { ttl: string; limits?: LoginLimits }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = authService(db, (claims) => app.jwt.sign(claims, { expiresIn: options.ttl }), options.limits);

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
}
