import { type LoyaltyOwner, loyaltyOwnerAppKey } from '@kovanica/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CredentialSection } from '../../components/credential-section.tsx';
import { useAccess } from '../../lib/access.ts';
import { apiRequest } from '../../lib/api.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';

/** The card holders' app key of this programme: since when one is in use, and issuing a new one (shown once). */
export function AppKeySection({ owner }: { owner: LoyaltyOwner }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const invalidate = useInvalidate(loyaltyOwnersApi);
  const issue = useMutation({
    mutationFn: async () =>
      (await apiRequest(`/loyalty-owners/${owner.id}/app-key`, { method: 'POST', schema: loyaltyOwnerAppKey })).appKey,
    onSuccess: () => invalidate(),
  });
  return (
    <CredentialSection
      texts="resources.loyalty-owners.appKey"
      subject={t('resources.loyalty-owners.appKey.forOwner', { name: owner.name })}
      issuedAt={owner.hasAppKey ? owner.appKeyIssuedAt : null}
      canIssue={can('loyalty-owners.update')}
      issue={issue}
    />
  );
}
