import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/index.ts';
import { lazyModal } from '../../components/lazy-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { machineAuditsApi } from './api.ts';
import { auditFilters, OpenAuditLink, useAuditColumns } from './columns.tsx';

/** The upload's dialog loads at its first opening (the list's first paint without it). */
const UploadAuditsModal = lazyModal(
  () => import('./upload-audits.tsx').then((m) => m.UploadAuditsModal),
  (p) => p.opened,
);

const k = (key: string) => `resources.machine-audits.${key}`;

/**
 * `/machine-audits/list`: the audit files the company's machines wrote (docs/rules.md "Machine audits"),
 * the last written first: whose they are, their paid sales since the machine was initialised and since
 * the device's previous audit, and how far that is from telemetry and the counted cash. Who may create
 * audits uploads files here, many at once.
 */
export function MachineAuditsListPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const { accountInfo } = useSession();
  const columns = useAuditColumns();
  const [uploading, setUploading] = useState(false);
  const title = t(k('name'));
  const toolbar = access.can('machine-audits.create') && (
    <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
      {t(k('upload.action'))}
    </Button>
  );
  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'))} />
      <DataTable
        api={machineAuditsApi}
        columns={columns}
        filters={auditFilters}
        title={title}
        storageId={viewOf(accountInfo) === 'all' ? 'machine-audits-all' : 'machine-audits'}
        emptyText={t(k('empty'))}
        toolbar={toolbar}
        rowActions={(a) => <OpenAuditLink audit={a} />}
      />
      <UploadAuditsModal opened={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
