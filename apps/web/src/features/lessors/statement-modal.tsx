import { businessDate, type Lessor } from '@kovanica/contract';
import { ActionIcon, Button, Modal, Stack } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/hr';
import { IconFileInvoice, IconFileTypePdf } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { ApiError } from '../../lib/api.ts';

const k = (key: string) => `resources.lessors.statement.${key}`;

/** The month before today's, `YYYY-MM`: a statement is usually made once its month is over. */
export function lastMonth(today = businessDate()): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** Whether the signed-in user may make statements: the finance report's permission and module. */
export function useMayMakeStatements(): boolean {
  const access = useAccess();
  return access.can('finance.read') && access.hasModule('finance');
}

/**
 * "Monthly statement": pick a month (last month by default, none after the running one) and download
 * the lessor's statement as a PDF, made in the browser; pdfmake and the fonts load on the click.
 */
export function StatementModal({ lessor, opened, onClose }: { lessor: Pick<Lessor, 'id' | 'name'>; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(lastMonth);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const thisMonth = businessDate().slice(0, 7);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const module = await import('./statement-pdf.ts');
      await module.downloadStatement(lessor.id, month, { language: i18n.language, t: (key, values) => t(key, values) });
      onClose();
    } catch (error) {
      console.error(error);
      setFailure((error instanceof ApiError && error.userMessage) || t(k('failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(k('modalTitle'), { name: lessor.name })}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={(e) => void download(e)}>
        <Stack>
          <DatesProvider settings={{ locale: i18n.language === 'hr' ? 'hr' : 'en' }}>
            <MonthPickerInput
              label={t(k('month'))}
              description={t(k('monthHint'))}
              value={`${month}-01`}
              onChange={(value) => value && setMonth(value.slice(0, 7))}
              maxDate={`${thisMonth}-01`}
              valueFormat="MMMM YYYY"
              data-autofocus
            />
          </DatesProvider>
          {failure && <FailureAlert>{failure}</FailureAlert>}
          <Button type="submit" loading={busy} leftSection={<IconFileTypePdf size={18} aria-hidden />}>
            {t(k('download'))}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/** The lessors list's row action: an icon that opens the statement's modal. */
export function StatementRowAction({ lessor }: { lessor: Lessor }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const label = t(k('actionFor'), { name: lessor.name });
  return (
    <>
      <RowTooltip label={label}>
        <ActionIcon variant="subtle" aria-label={label} onClick={() => setOpened(true)}>
          <IconFileInvoice size={18} aria-hidden />
        </ActionIcon>
      </RowTooltip>
      {opened && <StatementModal lessor={lessor} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}

/** The lessor page's header button that opens the statement's modal. */
export function StatementButton({ lessor }: { lessor: Lessor }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconFileInvoice size={18} aria-hidden />} onClick={() => setOpened(true)}>
        {t(k('action'))}
      </Button>
      {opened && <StatementModal lessor={lessor} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
