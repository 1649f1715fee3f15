import { repositoriesResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

export const repositoriesApi = /* @__PURE__ */ resourceApi(repositoriesResource, {
  path: '/articles/repositories',
  title: (repository) => repository.name,
});
