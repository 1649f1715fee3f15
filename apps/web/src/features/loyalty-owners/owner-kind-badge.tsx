import type { LoyaltyOwner } from '@kovanica/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whose programme it is: the company's own or a partner's (the list's and the owner page's; apart from the form, which the list does not load). */
export function OwnerKindBadge({ owner }: { owner: Pick<LoyaltyOwner, 'isOperator'> }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" size="sm" color={owner.isOperator ? 'blue.9' : 'grape.9'} tt="none" style={{ flexShrink: 0 }}>
      {t(owner.isOperator ? 'resources.loyalty-owners.kinds.operator' : 'resources.loyalty-owners.kinds.partner')}
    </Badge>
  );
}
