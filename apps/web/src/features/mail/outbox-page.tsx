import { formatDateTime, type Mail, mailKinds, mailStatuses } from '@kovanica/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { mailsApi } from '../../lib/apis/mails.ts';
import { MailStatusBadge } from './mail-status-badge.tsx';

const f = (field: string) => `resources.mails.fields.${field}`;

function useMailColumns(): Column<Mail>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'createdAt',
        label: f('createdAt'),
        sortField: 'createdAt',
        render: (m) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(m.createdAt)}
          </Text>
        ),
        exportValue: (m) => formatDateTime(m.createdAt),
      },
      { key: 'companyName', label: f('company'), render: (m) => m.companyName, exportValue: (m) => m.companyName },
      {
        key: 'kind',
        label: f('kind'),
        render: (m) => t(`resources.mails.kinds.${m.kind}`),
        exportValue: (m) => t(`resources.mails.kinds.${m.kind}`),
      },
      { key: 'to', label: f('to'), render: (m) => m.to.join(', '), exportValue: (m) => m.to.join(', ') },
      {
        key: 'subject',
        label: f('subject'),
        render: (m) => (
          <Anchor inherit fw={600} renderRoot={(props) => <Link to="/settings/outbox/$id" params={{ id: String(m.id) }} {...props} />}>
            {m.subject}
          </Anchor>
        ),
        exportValue: (m) => m.subject,
      },
      {
        key: 'status',
        label: f('status'),
        render: (m) => <MailStatusBadge status={m.status} />,
        exportValue: (m) => t(`resources.mails.statuses.${m.status}`),
      },
      { key: 'attempts', label: f('attempts'), align: 'right', render: (m) => m.attempts, exportValue: (m) => m.attempts },
      { key: 'lastError', label: f('lastError'), render: (m) => m.lastError ?? '–', exportValue: (m) => m.lastError },
    ],
    [t],
  );
}

const filters: readonly Filter[] = [
  { field: 'kind', label: f('kind'), kind: 'select', options: mailKinds.map((k) => ({ value: k, label: `resources.mails.kinds.${k}` })) },
  {
    field: 'status',
    label: f('status'),
    kind: 'select',
    options: mailStatuses.map((s) => ({ value: s, label: `resources.mails.statuses.${s}` })),
  },
  { field: 'createdAt', label: f('createdAt'), kind: 'date-range' },
];

/** `/settings/outbox` (decision 0025): every e-mail the app composed, newest first; a subject opens the mail. */
export function OutboxPage() {
  const columns = useMailColumns();
  const { t } = useTranslation();
  const title = t('resources.mails.name');
  return (
    <>
      <PageHeader title={title} subtitle={t('mails.subtitle')} />
      <DataTable api={mailsApi} columns={columns} filters={filters} title={title} />
    </>
  );
}
