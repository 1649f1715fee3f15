import { formatDateTime } from '@kovanica/contract';
import { Alert, Anchor, Code, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { mailsApi } from '../../lib/apis/mails.ts';
import { MailStatusBadge } from './mail-status-badge.tsx';

/**
 * `/settings/outbox/$id`: one mail as composed, its recipients and how sending went. The HTML is shown
 * in a sandboxed frame (no scripts, no navigation, no access to the app), the text as it is.
 */
export function MailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: mail } = useSuspenseQuery(mailsApi.detail(id));
  const figure = (name: string, value: ReactNode) => (
    <div>
      <Text size="sm" c="dimmed">
        {t(`resources.mails.fields.${name}`)}
      </Text>
      <Text fw={600} component="div" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
  return (
    <>
      <PageHeader
        title={mail.subject}
        subtitle={t('mails.detailSubtitle', { kind: t(`resources.mails.kinds.${mail.kind}`), company: mail.companyName })}
        actions={
          <Anchor component={Link} to="/settings/outbox" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              {t('mails.back')}
            </Group>
          </Anchor>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {figure('createdAt', formatDateTime(mail.createdAt))}
            {figure('to', mail.to.join(', '))}
            {figure('language', t(`languages.${mail.language}`))}
            {figure('status', <MailStatusBadge status={mail.status} />)}
            {figure('attempts', mail.attempts)}
            {figure('sentAt', mail.sentAt ? formatDateTime(mail.sentAt) : '–')}
          </SimpleGrid>
        </Paper>
        {mail.lastError && (
          <Alert color="red" title={t('resources.mails.fields.lastError')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {mail.lastError}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Tabs defaultValue="html">
            <Tabs.List>
              <Tabs.Tab value="html">{t('mails.html')}</Tabs.Tab>
              <Tabs.Tab value="text">{t('mails.text')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="md">
              <iframe
                title={t('mails.htmlFrame', { subject: mail.subject })}
                sandbox=""
                srcDoc={mail.html}
                style={{ width: '100%', height: '32rem', border: '1px solid var(--mantine-color-default-border)', background: '#fff' }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="md">
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {mail.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </>
  );
}
