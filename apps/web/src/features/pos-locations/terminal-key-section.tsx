import type { PosLocation } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { CredentialSection } from '../../components/credential-section.tsx';
import { useAccess } from '../../lib/access.ts';
import { useIssueTerminalKey } from './api.ts';

/** The POS terminal's key: since when one is in use, and issuing a new one (shown once). */
export function TerminalKeySection({ location }: { location: PosLocation }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  return (
    <CredentialSection
      texts="resources.pos-locations.terminalKey"
      subject={t('resources.pos-locations.terminalKey.forLocation', { name: location.name })}
      issuedAt={location.terminalKeyIssuedAt}
      canIssue={can('pos-locations.update')}
      issue={useIssueTerminalKey(location.id)}
    />
  );
}
