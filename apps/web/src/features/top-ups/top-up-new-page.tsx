import {
  type BonusTier,
  bonusFor,
  businessDate,
  formatMoney,
  type LoyaltyCard,
  MAX_TOP_UP_CENTS,
  normalizeCardUid,
  type PosWorker,
  type Promotion,
  parseIri,
  type TopUp,
  type TopUpCreate,
  type TopUpPayment,
  topUpCreate,
  topUpPayments,
} from '@kovanica/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Input,
  Loader,
  type OptionsFilter,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/money-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { FormCard } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { ApiError } from '../../lib/api.ts';
import { loyaltyCardsApi } from '../../lib/apis/loyalty-cards.ts';
import { posLocationsApi } from '../../lib/apis/pos-locations.ts';
import { posWorkersApi } from '../../lib/apis/pos-workers.ts';
import { promotionsApi } from '../../lib/apis/promotions.ts';
import { topUpsApi } from '../../lib/apis/top-ups.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { useResourceForm } from '../../lib/forms.ts';
import { randomKey } from '../../lib/random-key.ts';
import { useCreate } from '../../lib/resource-hooks.ts';
import { balanceText, bonusText, k } from './top-up-texts.tsx';

interface Values {
  card: string | null;
  posLocation: string | null;
  posWorker: string | null;
  paidCents: number | null;
  payment: TopUpPayment;
}

const emptyTopUp = (): Values => ({ card: null, posLocation: null, posWorker: null, paidCents: null, payment: 'cash' });

/** The body before validation: what is not chosen yet is left out, so the schema says "required". */
const toInput = (v: Values, requestId: string) => ({
  card: v.card ?? undefined,
  posLocation: v.posLocation ?? undefined,
  posWorker: v.posWorker ?? undefined,
  paidCents: v.paidCents ?? undefined,
  payment: v.payment,
  requestId,
});

/** Hints under the inputs, so fields side by side line up whichever has one. */
const HINT_BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

/**
 * `/loyalty/top-up/new`: credit sold from the back-office on behalf of a point of sale's worker. The
 * bill for the money is issued on the point of sale's premises; once sold, the receipt-like summary
 * replaces the form, with "Sell again" for the next one.
 */
export function TopUpNewPage() {
  const { t } = useTranslation();
  const [sold, setSold] = useState<TopUp | null>(null);
  // A new form (and a new request id) for each sale.
  const [round, setRound] = useState(0);
  return (
    <>
      <PageHeader title={t(k('new'))} subtitle={t(k('intro'))} />
      {sold ? (
        <Receipt
          topUp={sold}
          onAgain={() => {
            setSold(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <TopUpForm key={round} onSold={setSold} />
      )}
    </>
  );
}

function TopUpForm({ onSold }: { onSold: (topUp: TopUp) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The same id on a double click or a retry: the server answers the first sale instead of a second.
  const [requestId] = useState(randomKey);
  const created = useCreate(topUpsApi);
  const cardRef = useRef<LoyaltyCard | undefined>(undefined);
  const amountRef = useRef<number | null>(null);

  const mutation = {
    isPending: created.isPending,
    mutateAsync: async (body: TopUpCreate) => {
      try {
        return await created.mutateAsync(body);
      } catch (error) {
        const problem = error instanceof ApiError ? error.problem : null;
        if (problem?.type.endsWith('/card_not_active')) {
          // The card changed since it was chosen: show it as it is now. The server's text names the
          // status by its code ("Kartica je blocked"), so the screen says it in its own words.
          const id = parseIri('loyalty-cards', body.card);
          if (id !== null) void queryClient.invalidateQueries({ queryKey: loyaltyCardsApi.keys.detail(id) });
          throw new ApiError('card_not_active', problem.status, { ...problem, message: t(k('cardNotActive')) });
        }
        throw error;
      }
    },
  };
  /** The amount's limits in money, not in cents; a card that cannot be topped up is refused at once. */
  const formErrors = (errors: FieldErrors): FieldErrors => {
    const out = { ...errors };
    const amount = amountRef.current;
    if (out.paidCents && amount !== null) {
      if (amount > MAX_TOP_UP_CENTS) out.paidCents = t(k('maxAmount'), { max: formatMoney(MAX_TOP_UP_CENTS) });
      else if (amount < 1) out.paidCents = t(k('minAmount'));
    }
    const card = cardRef.current;
    if (card && card.status !== 'active') out.card ??= t(k(`refused.${card.status}`));
    return out;
  };
  const save = { schema: topUpCreate, toInput: (v: Values) => toInput(v, requestId), mutation };
  const resourceForm = useResourceForm<Values, TopUp, TopUpCreate, TopUpCreate>({
    item: undefined,
    valuesOf: emptyTopUp,
    create: save,
    // A top-up is never changed.
    update: save,
    formErrors,
    messages: { created: t(k('created')), saved: t(k('created')), invalid: t(k('invalid')) },
    onCreated: onSold,
  });
  const { form } = resourceForm;
  const values = form.getValues();
  amountRef.current = values.paidCents;
  const cardId = values.card ? parseIri('loyalty-cards', values.card) : null;
  const card = useQuery({ ...loyaltyCardsApi.detail(cardId ?? 0), enabled: cardId !== null }).data;
  cardRef.current = cardId === null ? undefined : card;
  const paymentId = useId();
  const label = (field: string) => t(k(`fields.${field}`));

  return (
    <FormCard api={topUpsApi} form={resourceForm} maw={720}>
      <CardPicker
        label={label('card')}
        description={t(k('cardHint'))}
        inputWrapperOrder={HINT_BELOW}
        required
        withAsterisk
        {...form.getInputProps('card')}
        value={values.card}
      />
      {cardId !== null && <CardSummary card={card} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ReferenceSelect
          api={posLocationsApi}
          label={label('posLocation')}
          required
          withAsterisk
          baseQuery={{ active: true }}
          {...form.getInputProps('posLocation')}
          value={values.posLocation}
          onChange={(place) => {
            form.setFieldValue('posLocation', place);
            // A worker sells at one point of sale.
            form.setFieldValue('posWorker', null);
          }}
        />
        <ReferenceSelect<PosWorker>
          api={posWorkersApi}
          label={label('posWorker')}
          description={values.posLocation ? undefined : t(k('workerNeedsPlace'))}
          inputWrapperOrder={HINT_BELOW}
          required
          withAsterisk
          disabled={!values.posLocation}
          optionLabel={(worker) => `${worker.name} ${worker.surname}`}
          searchField="surname"
          baseQuery={values.posLocation ? { posLocation: values.posLocation, active: true } : undefined}
          {...form.getInputProps('posWorker')}
          value={values.posWorker}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput
          label={label('paidCents')}
          description={t(k('amountHint'), { max: formatMoney(MAX_TOP_UP_CENTS) })}
          inputWrapperOrder={HINT_BELOW}
          required
          withAsterisk
          {...form.getInputProps('paidCents')}
        />
        <Stack gap={4} align="flex-start">
          <Input.Label labelElement="div" id={paymentId}>
            {label('payment')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={paymentId}
            data={topUpPayments.map((value) => ({ value, label: t(k(`payments.${value}`)) }))}
            {...form.getInputProps('payment')}
            value={values.payment}
          />
        </Stack>
      </SimpleGrid>
      {card && card.status === 'active' && values.paidCents !== null && values.paidCents > 0 && values.paidCents <= MAX_TOP_UP_CENTS && (
        <BonusEstimate card={card} paidCents={values.paidCents} />
      )}
    </FormCard>
  );
}

const optionLabel = (card: LoyaltyCard) => (card.holderName ? `${card.number} · ${card.holderName}` : card.number);
/** The server has filtered the options already. */
const keepAll: OptionsFilter = ({ options }) => options;
const SEARCH_DELAY_MS = 300;
const PAGE = 20;

interface CardPickerProps {
  label: string;
  description?: string;
  inputWrapperOrder?: ('label' | 'input' | 'description' | 'error')[];
  required?: boolean;
  withAsterisk?: boolean;
  error?: ReactNode;
  value: string | null;
  onChange: (value: string | null) => void;
  onFocus?: () => void;
  onBlur?: () => void;
}

/**
 * The card, found by its printed number or its chip id (as a reader prints it, `04:a2:…` too): both
 * searches at once, their cards together. Blocked and lost cards are offered with their status, so
 * one learns why the sale would be refused rather than not finding the card.
 */
function CardPicker({ value, onChange, ...rest }: CardPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const id = value ? parseIri('loyalty-cards', value) : null;
  const current = useQuery({ ...loyaltyCardsApi.detail(id ?? 0), enabled: id !== null }).data;
  const selectedLabel = value && current ? optionLabel(current) : null;
  const [text] = useDebouncedValue((typed === selectedLabel ? '' : typed).trim(), SEARCH_DELAY_MS);
  const uid = normalizeCardUid(text);
  const byNumber = useQuery({
    ...loyaltyCardsApi.list({ number: text, itemsPerPage: PAGE, 'order[number]': 'asc' }),
    placeholderData: keepPreviousData,
    enabled: opened,
  });
  const byUid = useQuery({
    ...loyaltyCardsApi.list({ uid, itemsPerPage: PAGE, 'order[number]': 'asc' }),
    placeholderData: keepPreviousData,
    enabled: opened && /^[0-9A-F]{2,}$/.test(uid),
  });
  const cards = new Map<string, LoyaltyCard>();
  for (const card of [...(current && value ? [current] : []), ...(byNumber.data?.member ?? []), ...(byUid.data?.member ?? [])]) {
    cards.set(card['@id'], card);
  }
  const loading = byNumber.isFetching || byUid.isFetching;
  return (
    <Select
      {...rest}
      searchable
      clearable
      data={[...cards.values()].map((card) => ({ value: card['@id'], label: optionLabel(card) }))}
      renderOption={({ option }) => {
        const card = cards.get(option.value);
        return (
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <span>{option.label}</span>
              {card && card.status !== 'active' && (
                <Badge size="xs" color="red.9" variant="filled" tt="none">
                  {t(`resources.loyalty-cards.statuses.${card.status}`)}
                </Badge>
              )}
            </Group>
            {card && (
              <Text span size="xs" c="dimmed" ff="monospace">
                {card.uid}
              </Text>
            )}
          </Stack>
        );
      }}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={keepAll}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={loading ? t('app.loading') : t('dataTable.empty')}
      rightSection={loading ? <Loader size={14} aria-hidden /> : undefined}
      value={value}
      onChange={(next) => onChange(next)}
    />
  );
}

/** A labelled value; amounts stay on one line, names may wrap (a long holder's name on a phone). */
function Figure({
  label,
  value,
  tone,
  money = false,
  note,
}: {
  label: string;
  value: ReactNode;
  tone?: string;
  money?: boolean;
  /** A smaller line under the value, e.g. a total's parts. */
  note?: ReactNode;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={tone} style={money ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {note && <Text size="sm">{note}</Text>}
    </div>
  );
}

/** The chosen card: whose it is, its status and its balance; why a blocked or lost card cannot be topped up. */
function CardSummary({ card }: { card: LoyaltyCard | undefined }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`resources.loyalty-cards.${key}`);
  if (!card) return <Skeleton height={72} radius="sm" />;
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={t(k('chosenCard'), { number: card.number })} component="section">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={c('fields.owner')} value={card.ownerName} />
          <Figure label={c('fields.holder')} value={card.holderName ?? '–'} />
          <div>
            <Text size="sm" c="dimmed">
              {c('fields.status')}
            </Text>
            <Badge color={card.status === 'active' ? 'teal.9' : 'red.9'} variant="filled" tt="none" style={{ minWidth: 'max-content' }}>
              {c(`statuses.${card.status}`)}
            </Badge>
          </div>
          <Figure
            label={c('fields.balance')}
            money
            value={formatMoney(card.balanceCents)}
            note={card.bonusCents === 0 ? undefined : balanceText(t, card.paidCents, card.bonusCents)}
            tone={card.paidCents < 0 ? 'red.9' : undefined}
          />
        </SimpleGrid>
        {card.status !== 'active' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t(k(`refused.${card.status}`))}>
            {card.statusReason ? t(k('refusedReason'), { reason: card.statusReason }) : t(k('refusedHint'))}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Today's best bonus of the card owner's active bonus promotions, as the server picks it (an estimate). */
function bestBonus(promotions: readonly Promotion[], paidCents: number, today: string) {
  let best: { promotion: Promotion; bonusCents: number } | null = null;
  for (const promotion of promotions) {
    if (promotion.kind !== 'bonus' || !promotion.active) continue;
    if (promotion.validFrom > today || (promotion.validTo !== null && promotion.validTo < today)) continue;
    const bonusCents = bonusFor(promotion.tiers as BonusTier[], paidCents);
    if (bonusCents > 0 && (!best || bonusCents > best.bonusCents)) best = { promotion, bonusCents };
  }
  return best;
}

/** What the sale would add, before it is saved: the bonus (an estimate, the server decides) and the balance after. */
function BonusEstimate({ card, paidCents }: { card: LoyaltyCard; paidCents: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const readable = can('promotions.read');
  const promotions = useQuery({
    ...promotionsApi.list({ owner: card.owner, kind: 'bonus', active: true, itemsPerPage: 100 }),
    enabled: readable,
  });
  if (readable && promotions.isPending) return <Skeleton height={72} radius="sm" />;
  const best = readable && promotions.data ? bestBonus(promotions.data.member, paidCents, businessDate()) : null;
  const bonusCents = best?.bonusCents ?? 0;
  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)" component="section" aria-label={t(k('estimate.title'))}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Figure
            label={t(k('estimate.bonus'))}
            value={best ? `+${formatMoney(best.bonusCents)} · ${best.promotion.name}` : formatMoney(0)}
            tone={best ? 'teal.9' : undefined}
          />
          <Figure
            label={t(k('estimate.balanceAfter'))}
            money
            value={formatMoney(card.balanceCents + paidCents + bonusCents)}
            note={balanceText(t, card.paidCents + paidCents, card.bonusCents + bonusCents)}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {best ? t(k('estimate.note')) : readable ? t(k('estimate.none')) : t(k('estimate.unknown'))}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The sale as recorded: what was paid, the bonus, the bill and the card's new balance, with the next steps. */
function Receipt({ topUp, onAgain }: { topUp: TopUp; onAgain: () => void }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const cardId = parseIri('loyalty-cards', topUp.card);
  const billId = topUp.bill ? parseIri('bills', topUp.bill) : null;
  const label = (field: string) => t(k(`fields.${field}`));
  return (
    <Portlet title={t(k('receipt.title'))}>
      <Stack maw={720}>
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {t(k('receipt.text'), { number: topUp.cardNumber, place: topUp.posLocationName })}
        </Alert>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
          <Figure label={label('card')} value={[topUp.cardNumber, topUp.holderName].filter(Boolean).join(' · ')} />
          <Figure label={label('paidCents')} value={formatMoney(topUp.paidCents)} money />
          <Figure
            label={label('bonusCents')}
            value={bonusText(topUp) ?? formatMoney(0)}
            tone={topUp.bonusCents > 0 ? 'teal.9' : undefined}
          />
          <Figure label={label('payment')} value={t(k(`payments.${topUp.payment}`))} />
          <Figure label={label('billNumber')} value={topUp.billNumber ?? '–'} />
          <Figure
            label={t(k('receipt.newBalance'))}
            value={formatMoney(topUp.paidAfterCents + topUp.bonusAfterCents)}
            money
            note={balanceText(t, topUp.paidAfterCents, topUp.bonusAfterCents)}
          />
        </SimpleGrid>
        <Group>
          <Button onClick={onAgain}>{t(k('receipt.again'))}</Button>
          {billId !== null && can('bills.read') && (
            <Button variant="default" renderRoot={(props) => <Link to="/bills/$id" params={{ id: String(billId) }} {...props} />}>
              {t(k('receipt.openBill'))}
            </Button>
          )}
          {cardId !== null && (
            <Button
              variant="default"
              renderRoot={(props) => <Link to="/loyalty/cards/edit/$id" params={{ id: String(cardId) }} {...props} />}
            >
              {t(k('receipt.openCard'))}
            </Button>
          )}
          <Anchor size="sm" renderRoot={(props) => <Link to="/loyalty/top-up/list" {...props} />}>
            {t(k('receipt.all'))}
          </Anchor>
        </Group>
      </Stack>
    </Portlet>
  );
}
