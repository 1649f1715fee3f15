import { type Language, languages } from '@kovanica/contract';
import { NativeSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';

/**
 * Switches between English and Croatian; the server's messages follow, so cached answers are
 * refetched. Signed in, the choice is also the account's language (the next sign-in, e-mails).
 */
export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { token, personalInfo } = useSession();
  return (
    <NativeSelect
      size={size}
      label={t('user.language')}
      value={languages.find((l) => l === i18n.language) ?? currentLanguage()}
      data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      onChange={(event) => {
        const next = languages.find((l) => l === event.currentTarget.value) as Language;
        void changeLanguage(next).then(() => queryClient.invalidateQueries());
        const id = personalInfo.id;
        // The users' API (and its schemas) only when signed in: the sign-in page shows this select too.
        if (token && id !== null)
          void import('../lib/apis/users.ts').then(({ usersApi }) => usersApi.patch(id, { language: next })).catch(() => undefined);
      }}
    />
  );
}
