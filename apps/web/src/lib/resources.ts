import { type CompanyPatch, companyItem, type UserPatch, userItem } from '@kovanica/contract';
import { resourceApi } from './resource-api.ts';

/** Resources read by more than one feature (the layout, the dashboard and the profile). */
export const companiesApi = resourceApi<typeof companyItem, CompanyPatch>('companies', companyItem);
export const usersApi = resourceApi<typeof userItem, UserPatch>('users', userItem);
