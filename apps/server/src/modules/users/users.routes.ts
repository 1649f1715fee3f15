import { usersResource } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../http/crud.ts';
import type { Deps } from '../../http/deps.ts';
import { userColumns } from './users.queries.ts';
import { usersService } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, deps: Deps) {
  registerCrud(app, deps, {
    resource: usersResource,
    columns: userColumns,
    service: usersService(deps.db),
    // Without users.read a caller still reads their own account; own-record writes follow `writeRules`.
    allowSelf: { read: true },
    owned: (row, userId) => row.id === userId,
  });
}
