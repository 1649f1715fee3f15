import { canViewAllCompanies } from '@kovanica/contract';
import { Avatar, Button, Divider, Drawer, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select.tsx';
import { signOut } from '../../features/auth/sign-out.ts';
import { OFFLINE_KEY } from '../../lib/offline-actions.ts';
import { deferredApi } from '../../lib/resource-api.ts';
import { DEFAULT_PHOTO, setViewAllCompanies, signInHref, useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';

// Its schemas are built when the panel first asks, not on every screen's start.
const companiesApi = deferredApi('companies', () => import('../../lib/apis/companies.ts').then((m) => m.companiesApi));

/** The right-side quick-user panel (original §1): who is signed in, where, in which view and language. */
export function QuickUserPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const viewLabelId = useId();
  const { personalInfo, accountInfo } = useSession();
  const company = useQuery({ ...companiesApi.detail(accountInfo.company_id ?? 0), enabled: accountInfo.company_id !== null });
  const fullName = [personalInfo.name, personalInfo.surname].filter(Boolean).join(' ');
  const mayViewAll = canViewAllCompanies(accountInfo.role, company.data?.isTopGun ?? false);
  // The worker's actions recorded offline and not sent yet: a sign-out deletes them from the phone
  // (the next user must not send them), so it asks first (docs/rules.md "Visits").
  const unsent = useMutationState({ filters: { mutationKey: OFFLINE_KEY, status: 'pending' } }).length;
  const [asking, setAsking] = useState(false);
  const leave = () => {
    setAsking(false);
    onClose();
    void signOut(queryClient).then(() => window.location.replace(signInHref()));
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={340}
      title={t('user.panelTitle')}
      closeButtonProps={{ 'aria-label': t('layout.closeUserPanel') }}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <Avatar src={personalInfo.photo || DEFAULT_PHOTO} alt={t('user.photoAlt', { name: fullName })} size={80} radius="md" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg">
              {fullName}
            </Text>
            <Text size="sm">{t(`roles.${accountInfo.role ?? 'none'}`)}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {personalInfo.email}
            </Text>
          </Stack>
        </Group>
        <Divider />
        <div>
          <Text size="sm" c="dimmed">
            {t('user.company')}
          </Text>
          <Text fw={600}>{company.data?.name ?? '…'}</Text>
        </div>
        {mayViewAll && (
          <div>
            <Text size="sm" fw={500} mb={4} id={viewLabelId}>
              {t('user.view')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={viewLabelId}
              value={viewOf(accountInfo)}
              data={[
                { value: 'my', label: t('user.myCompany') },
                { value: 'all', label: t('user.allCompanies') },
              ]}
              onChange={(value) => {
                // Every figure depends on the view: the partial update, then refetch what is shown.
                setViewAllCompanies(value === 'all');
                void queryClient.invalidateQueries();
              }}
            />
          </div>
        )}
        <LanguageSelect />
        <Divider />
        <Button
          component={Link}
          to="/profile/overview"
          variant="default"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          onClick={onClose}
        >
          {t('user.myProfile')}
        </Button>
        <Button
          color="red.9"
          variant="filled"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => (unsent > 0 ? setAsking(true) : leave())}
        >
          {t('user.signOut')}
        </Button>
      </Stack>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('user.unsentTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Stack>
          <Text>{t('user.unsentText', { count: unsent })}</Text>
          <Group justify="flex-end">
            <Button color="red.9" variant="outline" onClick={leave}>
              {t('user.signOutAnyway')}
            </Button>
            <Button onClick={() => setAsking(false)} data-autofocus>
              {t('user.staySignedIn')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Drawer>
  );
}
