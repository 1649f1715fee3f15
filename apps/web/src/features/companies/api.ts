import { type Company, type CompanyCreate, type CompanyPatch, iri, MAX_ITEMS_PER_PAGE } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companiesApi } from '../../lib/apis/companies.ts';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { getSession, setAccountInfo } from '../../lib/session.ts';

export { companiesApi, loggersApi };

/** A company's current users and loggers, read-only on the edit wizard. */
export const companyUsersQuery = (companyId: number) =>
  usersApi.list({ company: iri('companies', companyId), itemsPerPage: MAX_ITEMS_PER_PAGE }, 'all');
export const companyLoggersQuery = (companyId: number) =>
  loggersApi.list({ company: iri('companies', companyId), itemsPerPage: MAX_ITEMS_PER_PAGE }, 'all');

/**
 * The wizard moves users and loggers and creates new ones in the same request, so a save refreshes
 * all three resources.
 */
function useInvalidateCompanySetup() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companiesApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: usersApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: loggersApi.keys.all }),
    ]);
}

/** Creates a company with its loggers and users; the answer carries new loggers' credentials once. */
export function useCreateCompany() {
  const invalidate = useInvalidateCompanySetup();
  return useMutation({ mutationFn: (body: CompanyCreate) => companiesApi.create(body), onSuccess: () => invalidate() });
}

export function useUpdateCompany(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCompanySetup();
  return useMutation({
    mutationFn: (patch: CompanyPatch) => companiesApi.patch(id, patch),
    onSuccess: ({ issuedCredentials: _shownOnce, ...company }: Company) => {
      queryClient.setQueryData(companiesApi.keys.detail(id), company);
      // The signed-in user's own company: the menu follows its modules at once.
      const { accountInfo } = getSession();
      if (accountInfo.company_id === company.id) {
        setAccountInfo({
          ...accountInfo,
          company_oib: company.oib,
          company_active_module: company.activeModules,
          activeModuleComponents: company.activeModuleComponents,
        });
      }
      return invalidate();
    },
  });
}
