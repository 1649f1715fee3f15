import { formatCount, MACHINE_AUDIT_BULK_MAX, MACHINE_AUDIT_MAX_CHARS } from '@kovanica/contract';
import { Anchor, Button, FileInput, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '../../components/data-table/cells.tsx';
import { useInvalidate } from '../../lib/resource-hooks.ts';
import { AUDIT_FILE_ACCEPT, machineAuditsApi, readAuditFiles, sendAudits, tooManyFiles, type UploadOutcome } from './api.ts';

const k = (key: string) => `resources.machine-audits.upload.${key}`;
const MAX_KB = Math.round(MACHINE_AUDIT_MAX_CHARS / 1024);

/** Where one file of an upload stands: waiting its turn, or what became of it. */
type Row = { fileName: string; state: 'waiting' } | UploadOutcome;

const badgeColour = {
  waiting: 'gray.7',
  matched: 'teal.9',
  unassigned: 'blue.9',
  refused: 'red.9',
  tooLarge: 'red.9',
  empty: 'red.9',
} as const;

/** One file's line of the results: its name, what became of it, and where to see it. */
function ResultLine({ row }: { row: Row }) {
  const { t } = useTranslation();
  const detail = () => {
    switch (row.state) {
      case 'matched':
        return t(k('matchedTo'), { device: row.audit.deviceName ?? '' });
      case 'unassigned':
        return t(k('waitsHint'));
      case 'refused':
        return row.message;
      case 'tooLarge':
        return t(k('tooLarge'), { kb: formatCount(MAX_KB) });
      case 'empty':
        return t(k('empty'));
      default:
        return null;
    }
  };
  const audit = row.state === 'matched' || row.state === 'unassigned' ? row.audit : null;
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.fileName}
        </Text>
        <CellBadge color={badgeColour[row.state]} size="sm">
          {t(k(`states.${row.state}`))}
        </CellBadge>
      </Group>
      {detail() && (
        <Text size="sm" c={row.state === 'refused' || row.state === 'tooLarge' || row.state === 'empty' ? 'red.9' : undefined}>
          {detail()}
        </Text>
      )}
      {audit && (
        <Anchor size="sm" renderRoot={(props) => <Link to="/machine-audits/$id" params={{ id: String(audit.id) }} {...props} />}>
          {t(k('open'), { name: audit.fileName })}
        </Anchor>
      )}
    </List.Item>
  );
}

/**
 * The upload of audit files: many at once (a day's handheld readings), or one for a device (its page:
 * `device` is sent with it). Each file is read as text and checked for its size here, then sent as its
 * own `POST /machine-audits`; the results say of each whether it matched a device, waits to be
 * assigned, or was refused and why (the server names the line).
 */
export function AuditUpload({ device, multiple = true }: { device?: string; multiple?: boolean }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate(machineAuditsApi);
  const [files, setFiles] = useState<File[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const tooMany = tooManyFiles(files.length);

  const choose = (next: File | File[] | null) => {
    setFiles(next === null ? [] : Array.isArray(next) ? next : [next]);
    setRows([]);
  };

  const upload = async () => {
    if (files.length === 0 || tooMany) return;
    setBusy(true);
    try {
      const read = await readAuditFiles(files);
      setRows(read.map((file) => ({ fileName: file.fileName, state: 'waiting' })));
      await sendAudits(
        read,
        device,
        (index, outcome) => setRows((current) => current.map((row, i) => (i === index ? outcome : row))),
        t('errors.genericText'),
      );
      setFiles([]);
    } finally {
      setBusy(false);
      await invalidate();
    }
  };

  const done = rows.filter((row) => row.state !== 'waiting').length;
  const counts = (state: Row['state']) => rows.filter((row) => row.state === state).length;
  const refused = counts('refused') + counts('tooLarge') + counts('empty');
  return (
    <Stack gap="sm">
      <FileInput
        label={t(multiple ? k('files') : k('file'))}
        description={t(multiple ? k('filesHint') : k('fileHint'), { max: MACHINE_AUDIT_BULK_MAX, kb: formatCount(MAX_KB) })}
        placeholder={t(multiple ? k('placeholder') : k('placeholderOne'))}
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept={AUDIT_FILE_ACCEPT}
        multiple={multiple}
        clearable
        clearButtonProps={{ 'aria-label': t(k('clear')) }}
        value={multiple ? files : (files[0] ?? null)}
        onChange={choose}
        leftSection={<IconFileUpload size={16} aria-hidden />}
        error={tooMany ? t(k('tooMany'), { max: MACHINE_AUDIT_BULK_MAX, count: files.length }) : undefined}
        disabled={busy}
      />
      <Group>
        <Button onClick={() => void upload()} loading={busy} disabled={files.length === 0 || tooMany}>
          {!multiple ? t(k('sendOne')) : files.length === 0 ? t(k('sendNone')) : t(k('send'), { count: files.length })}
        </Button>
      </Group>
      {rows.length > 0 && (
        <Stack gap="xs" aria-live="polite">
          {busy && <Progress value={(done / rows.length) * 100} aria-label={t(k('progress'), { done, total: rows.length })} size="sm" />}
          {!busy && (
            <Text size="sm" fw={600} role="status">
              {t(k('summary'), { matched: counts('matched'), unassigned: counts('unassigned'), refused })}
            </Text>
          )}
          <List spacing="xs" listStyleType="none" aria-label={t(k('results'))}>
            {rows.map((row, index) => (
              // The same name may be chosen twice (two folders): the place in the list tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows never move
              <ResultLine key={index} row={row} />
            ))}
          </List>
          {counts('unassigned') > 0 && !busy && (
            <Anchor component={Link} to="/machine-audits/unassigned" size="sm">
              {t(k('toUnassigned'))}
            </Anchor>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The bulk upload of the list's "Upload audits" button, in a dialog. */
export function UploadAuditsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(k('title'))} size="lg" closeButtonProps={{ 'aria-label': t(k('close')) }}>
      <AuditUpload />
    </Modal>
  );
}
