import { usersResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const usersApi = /* @__PURE__ */ resourceApi(usersResource, { path: '/users', title: (user) => `${user.name} ${user.surname}` });
