import {
  type Article,
  businessDate,
  formatCount,
  formatMoney,
  type Movement,
  type MovementCreate,
  type MovementKind,
  movementCreate,
  movementKinds,
  parseIri,
  type Repository,
} from '@kovanica/contract';
import { Input, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/day-input.tsx';
import { ModalFormFooter } from '../../components/modal-form-footer.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { articlesApi } from '../../lib/apis/articles.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { repositoriesApi } from '../../lib/apis/repositories.ts';
import { type SaveWith, useResourceForm } from '../../lib/forms.ts';
import { randomKey } from '../../lib/random-key.ts';
import { usePhone } from '../../lib/screen.ts';
import { repositoryStockQuery, useCreateMovement } from './api.ts';
import { emptyMovement, type MovementValues, movementFormErrors, movementInput } from './movement-values.ts';

const k = (key: string) => `resources.movements.${key}`;

/** Where the form was opened from: its article or its repository is picked already (and may be changed). */
export interface MovementContext {
  article?: Pick<Article, '@id'>;
  repository?: Pick<Repository, '@id'>;
}

interface MovementModalProps extends MovementContext {
  opened: boolean;
  onClose: () => void;
}

/**
 * "Record movement": a receipt, a transfer, an issue into a prize device or a count adjustment, in a
 * modal opened from a repository or an article. Each opening is a new form with its own client key,
 * so a double submit books once; a refusal (not enough stock) is shown on its field.
 */
export function MovementModal({ opened, onClose, article, repository }: MovementModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(k('new'))} centered size="lg" closeButtonProps={{ 'aria-label': t('app.close') }}>
      <MovementForm article={article} repository={repository} onDone={onClose} />
    </Modal>
  );
}

/** Hints under the inputs, so fields side by side line up whichever has one. */
const HINT_BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

const UNIT_PRICE_FORMAT = (cents: number | null | undefined) => (cents == null ? undefined : formatMoney(cents));

function MovementForm({ article, repository, onDone }: MovementContext & { onDone: () => void }) {
  const { t } = useTranslation();
  const created = useCreateMovement();
  // One key per opened form: a second click, or a retry after a lost answer, books nothing twice.
  const [clientKey] = useState(randomKey);
  const kindNow = useRef<MovementKind>('receipt');
  const save: SaveWith<MovementValues, Movement, MovementCreate> = {
    schema: movementCreate,
    toInput: (v) => movementInput(v, clientKey),
    mutation: created,
  };
  const { form, submit, failure, saving, unsaved } = useResourceForm<MovementValues, Movement, MovementCreate, MovementCreate>({
    item: undefined,
    valuesOf: () => emptyMovement(),
    newValues: { article: article?.['@id'] ?? null, repository: repository?.['@id'] ?? null },
    create: save,
    // A movement is never changed: there is no update (the form is always new).
    update: save,
    formErrors: (errors) => movementFormErrors(errors, kindNow.current),
    messages: { created: t(k('created')), saved: t(k('created')) },
    onCreated: () => onDone(),
  });
  const values = form.getValues();
  kindNow.current = values.kind;
  const kind = values.kind;
  const label = (field: string) => t(k(`fields.${field}`));
  const narrow = usePhone();
  const kindId = useId();

  const articleId = values.article ? parseIri('articles', values.article) : null;
  const chosenArticle = useQuery({ ...articlesApi.detail(articleId ?? 0), enabled: articleId !== null }).data;
  const repositoryId = values.repository ? parseIri('repositories', values.repository) : null;
  const takesOut = kind === 'transfer' || kind === 'issue' || kind === 'adjustment';
  const stock = useQuery({ ...repositoryStockQuery(repositoryId ?? 0), enabled: repositoryId !== null && takesOut });
  const held =
    articleId !== null && stock.data ? (stock.data.member.find((level) => level.article === values.article)?.quantity ?? 0) : null;
  const unit = chosenArticle ? t(`resources.articles.units.${chosenArticle.unit}`) : '';

  const quantityHint =
    kind === 'adjustment'
      ? t(k('adjustmentHint'))
      : takesOut && held !== null
        ? t(k('available'), { quantity: formatCount(held), unit })
        : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={unsaved} />
      <Stack>
        <div>
          <Input.Label labelElement="div" id={kindId} mb={4}>
            {label('kind')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={kindId}
            fullWidth
            orientation={narrow ? 'vertical' : 'horizontal'}
            data={movementKinds.map((value) => ({ value, label: t(k(`kinds.${value}`)) }))}
            value={kind}
            onChange={(next) => {
              form.setFieldValue('kind', next as MovementKind);
              form.clearErrors();
            }}
          />
          <Input.Description mt={4}>{t(k(`kindHints.${kind}`))}</Input.Description>
        </div>
        <ReferenceSelect
          api={articlesApi}
          label={label('article')}
          required
          withAsterisk
          {...form.getInputProps('article')}
          value={values.article}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReferenceSelect
            api={repositoriesApi}
            label={t(k(`repositoryLabels.${kind}`))}
            required
            withAsterisk
            {...form.getInputProps('repository')}
            value={values.repository}
          />
          {kind === 'transfer' && (
            <ReferenceSelect
              api={repositoriesApi}
              label={label('toRepository')}
              required
              withAsterisk
              exclude={values.repository ? [values.repository] : []}
              {...form.getInputProps('toRepository')}
              value={values.toRepository}
            />
          )}
          {kind === 'issue' && (
            <ReferenceSelect
              api={devicesApi}
              label={label('device')}
              description={t(k('deviceHint'))}
              inputWrapperOrder={HINT_BELOW}
              baseQuery={{ group: 'prize_device' }}
              required
              withAsterisk
              {...form.getInputProps('device')}
              value={values.device}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={label('quantity')}
            description={quantityHint}
            inputWrapperOrder={HINT_BELOW}
            required
            withAsterisk
            allowDecimal={false}
            allowNegative={kind === 'adjustment'}
            thousandSeparator="."
            decimalSeparator=","
            suffix={unit ? ` ${unit}` : undefined}
            hideControls
            inputMode={kind === 'adjustment' ? 'text' : 'numeric'}
            {...form.getInputProps('quantity')}
          />
          {kind === 'receipt' && (
            <MoneyInput
              label={label('unitPriceCents')}
              description={t(k('unitPriceHint'))}
              inputWrapperOrder={HINT_BELOW}
              placeholder={UNIT_PRICE_FORMAT(chosenArticle?.purchaseNetCents)}
              {...form.getInputProps('unitPriceCents')}
            />
          )}
        </SimpleGrid>
        {kind === 'receipt' && (
          <TextInput
            label={label('supplier')}
            description={t(k('supplierHint'))}
            inputWrapperOrder={HINT_BELOW}
            placeholder={chosenArticle?.supplier ?? undefined}
            maxLength={200}
            autoComplete="off"
            {...form.getInputProps('supplier')}
          />
        )}
        {kind === 'adjustment' && (
          <TextInput label={label('reason')} required withAsterisk maxLength={500} autoComplete="off" {...form.getInputProps('reason')} />
        )}
        <Textarea label={label('note')} autosize minRows={2} maxLength={2000} {...form.getInputProps('note')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DayInput
            label={label('day')}
            description={t(k('dayHint'))}
            inputWrapperOrder={HINT_BELOW}
            maxDate={businessDate()}
            {...form.getInputProps('day')}
            value={values.day}
          />
          <TimeInput label={label('time')} disabled={values.day === ''} {...form.getInputProps('time')} />
        </SimpleGrid>
        <ModalFormFooter failure={failure} saving={saving} submitLabel={t(k('create'))} onCancel={onDone} />
      </Stack>
    </form>
  );
}
