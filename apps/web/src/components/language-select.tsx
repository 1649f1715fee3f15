import { type Language, languages } from '@kovanica/contract';
import { NativeSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';

/** Switches between English and Croatian; the server's messages follow, so cached answers are refetched. */
export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <NativeSelect
      size={size}
      label={t('user.language')}
      value={languages.find((l) => l === i18n.language) ?? currentLanguage()}
      data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      onChange={(event) => {
        const next = languages.find((l) => l === event.currentTarget.value) as Language;
        void changeLanguage(next).then(() => queryClient.invalidateQueries());
      }}
    />
  );
}
