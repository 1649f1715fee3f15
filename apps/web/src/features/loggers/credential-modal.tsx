import { useTranslation } from 'react-i18next';
import { SecretModal } from '../../components/secret-modal.tsx';

export interface IssuedCredential {
  imei: string;
  credential: string;
}

const k = (key: string) => `resources.loggers.credential.${key}`;

/** A logger's ingestion credential, which the server returns only once (at creation and at each rotation). */
export function CredentialModal({ issued, onDone }: { issued: IssuedCredential | null; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretModal
      secret={issued?.credential ?? null}
      onDone={onDone}
      texts={{
        title: t(k('title')),
        onceTitle: t(k('onceTitle')),
        onceText: t(k('onceText')),
        subject: t(k('forImei'), { imei: issued?.imei ?? '' }),
        label: t(k('label')),
        copy: t(k('copy')),
        copied: t(k('copied')),
        done: t(k('done')),
      }}
    />
  );
}
