import { userCreate, userItem, userPatch, usersCollection } from '@kovanica/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerCrud } from '../../http/crud.ts';
import { userColumns } from './users.queries.ts';
import { usersService } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, {
    name: 'users',
    item: userItem,
    create: userCreate,
    patch: userPatch,
    collection: usersCollection,
    columns: userColumns,
    service: usersService(db),
    allowSelf: { read: true, update: true },
  });
}
