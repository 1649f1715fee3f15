import { type Article, type ArticleUnit, articleCreate, articlePatch, articleUnits, formatCount, formatMoney } from '@kovanica/contract';
import { Box, Button, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { PercentInput } from '../../components/percent-input.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { articlesApi } from '../../lib/apis/articles.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { MovementModal } from './movement-form.tsx';
import { MovementsTable } from './movements-table.tsx';
import { changeVatRate, enterPrice, newPriceFields, type PRICE_PAIRS, type PriceFields, type PriceSide, priceBody } from './price-pairs.ts';

const k = (key: string) => `resources.articles.${key}`;

interface Values extends PriceFields {
  company: string | null;
  name: string;
  unit: ArticleUnit | null;
  supplier: string;
}

const valuesOf = (article?: Article): Values => ({
  ...newPriceFields(),
  company: article?.company ?? null,
  name: article?.name ?? '',
  unit: article?.unit ?? 'pcs',
  supplier: article?.supplier ?? '',
  ...(article && {
    vatRate: article.vatRate,
    purchaseNetCents: article.purchaseNetCents,
    purchaseGrossCents: article.purchaseGrossCents,
    sellingNetCents: article.sellingNetCents,
    sellingGrossCents: article.sellingGrossCents,
  }),
});

const fieldsOf = (v: Values) => ({
  name: v.name,
  // Left out when not chosen, so the schema says "required".
  unit: v.unit ?? undefined,
  supplier: v.supplier.trim() === '' ? null : v.supplier.trim(),
  vatRate: v.vatRate,
});
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...fieldsOf(v), ...priceBody(v), ...(v.company ? { company: v.company } : {}) });
const toPatchInput = (v: Values, initial: Values) => ({ ...fieldsOf(v), ...priceBody(v, initial) });

/**
 * The one form of an article, for new and edit. Prices come in pairs: typing the net fills the gross
 * at the VAT rate and typing the gross fills the net (the cent the server computes); a new VAT rate
 * keeps the nets. The side typed is what is sent.
 */
export function ArticleForm({ item: article }: { item?: Article }) {
  const { t } = useTranslation();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(articlesApi, {
    item: article,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: articleCreate, toInput: toCreateInput },
    update: { schema: articlePatch, toInput: toPatchInput },
  });
  const { form, isNew } = resourceForm;
  const set = (changes: Partial<Values>) => form.setValues(changes);
  const price = (pair: (typeof PRICE_PAIRS)[number], side: PriceSide) => {
    const field = `${pair}${side === 'net' ? 'Net' : 'Gross'}Cents` as const;
    return (
      <MoneyInput
        label={t(k(`fields.${field}`))}
        {...form.getInputProps(field)}
        onChange={(cents) => set(enterPrice(form.getValues(), pair, side, cents))}
      />
    );
  };

  return (
    <FormCard api={articlesApi} form={resourceForm} maw={800}>
      {isNew && companyChoice.needed && <CompanyField label={t(k('fields.company'))} {...form.getInputProps('company')} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t(k('fields.name'))} required withAsterisk maxLength={200} autoComplete="off" {...form.getInputProps('name')} />
        <Select
          label={t(k('fields.unit'))}
          required
          withAsterisk
          allowDeselect={false}
          data={articleUnits.map((unit) => ({ value: unit, label: t(k(`units.${unit}`)) }))}
          {...form.getInputProps('unit')}
        />
        <TextInput label={t(k('fields.supplier'))} maxLength={200} autoComplete="off" {...form.getInputProps('supplier')} />
        <PercentInput
          label={t(k('fields.vatRate'))}
          description={t(k('vatRateHint'))}
          // The hint under the input, so it lines up with the supplier's beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          withAsterisk
          {...form.getInputProps('vatRate')}
          onChange={(rate) => set(changeVatRate(form.getValues(), rate))}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t(k('pricesHint'))}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {price('purchase', 'net')}
        {price('purchase', 'gross')}
        {price('selling', 'net')}
        {price('selling', 'gross')}
      </SimpleGrid>
    </FormCard>
  );
}

export const ArticleNewPage = () => (
  <NewPage api={articlesApi}>
    <ArticleForm />
  </NewPage>
);

/** `/articles/items/edit/{id}`: what is held, the form and the article's movements; "Record movement" for who books stock. */
export function ArticleEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [moving, setMoving] = useState(false);
  return (
    <EditPage
      api={articlesApi}
      id={id}
      subtitle={(article) =>
        t(k('inStock'), {
          quantity: formatCount(article.quantityInStock),
          unit: t(k(`units.${article.unit}`)),
          value: formatMoney(article.stockValueCents),
          average: article.averagePurchasePriceCents === null ? '–' : formatMoney(article.averagePurchasePriceCents),
        })
      }
      actions={(article) =>
        can('movements.create') && (
          <>
            <Button variant="default" leftSection={<IconArrowsExchange size={16} aria-hidden />} onClick={() => setMoving(true)}>
              {t('resources.movements.new')}
            </Button>
            <MovementModal opened={moving} onClose={() => setMoving(false)} article={article} />
          </>
        )
      }
    >
      {(article) => (
        <>
          <ArticleForm key={article.id} item={article} />
          {can('movements.read') && (
            <Box mt="md">
              <MovementsTable article={article['@id']} title={t('resources.movements.name')} />
            </Box>
          )}
        </>
      )}
    </EditPage>
  );
}
