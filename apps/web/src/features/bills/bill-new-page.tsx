import { type Bill, type BillCreate, type BillPayment, billCreate, billPayments, billVatRates, parseIri } from '@kovanica/contract';
import { Button, Group, Input, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { billsApi } from '../../lib/apis/bills.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { type SaveWith, useResourceForm } from '../../lib/forms.ts';
import { useCreate } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';

const k = (key: string) => `billNew.${key}`;

interface Values {
  company: string | null;
  location: string | null;
  premises: string;
  isu: string;
  totalCents: number | null;
  payment: BillPayment;
  /** `25`, `13` or `5`; sent only for a company in the VAT system. */
  vatRate: string;
  note: string;
}

const emptyBill = (): Values => ({
  company: null,
  location: null,
  premises: '',
  isu: '',
  totalCents: null,
  payment: 'G',
  vatRate: String(billVatRates[0]),
  note: '',
});

/** The body before validation; the company only when picked (All Companies view), the VAT rate only in the VAT system. */
const toInput = (v: Values, inVatSystem: boolean) => ({
  ...(v.company ? { company: v.company } : {}),
  ...(v.location ? { location: v.location } : {}),
  premises: v.premises.trim(),
  isu: v.isu.trim(),
  // Left out when empty, so the schema says "required".
  totalCents: v.totalCents ?? undefined,
  payment: v.payment,
  ...(inVatSystem ? { vatRate: Number(v.vatRate) } : {}),
  note: v.note.trim() === '' ? null : v.note.trim(),
});

/** Hints under the inputs, so fields side by side line up whichever has one. */
const HINT_BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

/**
 * `/bills/new`: a bill written by hand for a sale outside the machines. It is numbered in its premises
 * and device (ISU) sequence and fiscalized in the background like every bill; once issued, its page opens.
 */
export function BillNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accountInfo } = useSession();
  const companyChoice = useCompanyChoice();
  const created = useCreate(billsApi);
  // Whether the bill carries VAT follows its company's status, known once the company is read.
  const inVatRef = useRef(false);
  const save: SaveWith<Values, Bill, BillCreate> = {
    schema: billCreate,
    toInput: (v) => toInput(v, inVatRef.current),
    mutation: created,
  };
  const { form, submit, failure, saving, unsaved } = useResourceForm<Values, Bill, BillCreate, BillCreate>({
    item: undefined,
    valuesOf: emptyBill,
    newValues: { company: companyChoice.initial },
    create: save,
    // A bill is never changed: there is no update.
    update: save,
    messages: { created: t(k('created')), saved: t(k('created')), invalid: t(k('invalid')) },
    onCreated: (bill) => void navigate({ to: '/bills/$id', params: { id: String(bill.id) }, ignoreBlocker: true }),
  });
  const values = form.getValues();
  const companyIri = values.company ?? accountInfo.company_api_endpoint;
  const companyId = companyIri ? parseIri('companies', companyIri) : null;
  const company = useQuery({ ...companiesApi.detail(companyId ?? 0), enabled: companyId !== null }).data;
  const inVatSystem = company?.inVatSystem ?? false;
  inVatRef.current = inVatSystem;
  const paymentId = useId();
  const label = (field: string) => t(k(`fields.${field}`));

  return (
    <>
      <PageHeader title={t(k('title'))} subtitle={t(k('intro'))} />
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={unsaved} />
        <Portlet title={t(k('formTitle'))}>
          <Stack maw={720}>
            {failure && <FailureAlert>{failure}</FailureAlert>}
            {companyChoice.needed && (
              <CompanyField
                label={label('company')}
                {...form.getInputProps('company')}
                onChange={(company) => {
                  form.setFieldValue('company', company);
                  form.setFieldValue('location', null);
                }}
              />
            )}
            <ReferenceSelect
              api={locationsApi}
              label={label('location')}
              description={t(k('hints.location'))}
              inputWrapperOrder={HINT_BELOW}
              clearable
              baseQuery={values.company ? { company: values.company } : undefined}
              view={companyChoice.needed ? 'all' : undefined}
              {...form.getInputProps('location')}
              value={values.location}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={label('premises')}
                description={t(k('hints.premises'))}
                inputWrapperOrder={HINT_BELOW}
                required
                withAsterisk
                maxLength={20}
                autoComplete="off"
                {...form.getInputProps('premises')}
              />
              <TextInput
                label={label('isu')}
                description={t(k('hints.isu'))}
                inputWrapperOrder={HINT_BELOW}
                required
                withAsterisk
                maxLength={20}
                inputMode="numeric"
                autoComplete="off"
                {...form.getInputProps('isu')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput label={label('totalCents')} required withAsterisk {...form.getInputProps('totalCents')} />
              {inVatSystem ? (
                <Select
                  label={label('vatRate')}
                  data={billVatRates.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
                  allowDeselect={false}
                  {...form.getInputProps('vatRate')}
                />
              ) : (
                <div>
                  <Input.Label labelElement="div">{label('vatRate')}</Input.Label>
                  <Text size="sm" c="dimmed" mt={6}>
                    {company ? t(k('notInVat')) : '…'}
                  </Text>
                </div>
              )}
            </SimpleGrid>
            <Stack gap={4} align="flex-start">
              <Input.Label labelElement="div" id={paymentId}>
                {label('payment')}
              </Input.Label>
              <SegmentedControl
                aria-labelledby={paymentId}
                data={billPayments.map((value) => ({ value, label: t(`billPage.payments.${value}`) }))}
                {...form.getInputProps('payment')}
              />
            </Stack>
            <Textarea label={label('note')} autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
            <Group>
              <Button type="submit" loading={saving}>
                {t(k('create'))}
              </Button>
              <Button variant="default" component={Link} to="/bills/list">
                {t('common.backToList')}
              </Button>
            </Group>
          </Stack>
        </Portlet>
      </form>
    </>
  );
}
