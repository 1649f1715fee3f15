import {
  type Article,
  articleFieldsDescription,
  type CardTransaction,
  type City,
  type Company,
  cardTransactionFieldsDescription,
  cityFieldsDescription,
  companyFieldsDescription,
  type Deposit,
  type Device,
  depositFieldsDescription,
  describeFields,
  deviceFieldsDescription,
  type Lessor,
  type Location,
  type Logger,
  type LoyaltyCard,
  lessorFieldsDescription,
  locationFieldsDescription,
  loggerFieldsDescription,
  loyaltyCardFieldsDescription,
  type Repository,
  repositoryFieldsDescription,
  type Tag,
  type TopUp,
  type Transaction,
  tagFieldsDescription,
  topUpFieldsDescription,
  transactionFieldsDescription,
  type User,
  userFieldsDescription,
  withDescribedTexts,
} from '@kovanica/contract';
import { createInstance } from 'i18next';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import enResources from '../../i18n/en.resources.json';
import hrResources from '../../i18n/hr.resources.json';
import { describedColumns, describedFilters } from './field-column.tsx';

const i18n = createInstance();
await i18n.init({
  lng: 'hr',
  resources: {
    en: { translation: withDescribedTexts(enResources, 'en') },
    hr: { translation: { ...withDescribedTexts(hrResources, 'hr'), dataTable: { yes: 'Da', no: 'Ne' } } },
  },
});
const t = i18n.getFixedT('hr');

const description = describeFields(
  'widgets',
  {
    name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', column: { sort: true }, filter: 'partial' },
    size: { label: { en: 'Size', hr: 'Veličina' }, kind: 'words', words: 'sizes', column: {}, filter: 'exact' },
    priceCents: { label: { en: 'Price', hr: 'Cijena' }, kind: 'money', column: { from: 'state.priceCents' } },
    round: { label: { en: 'Round', hr: 'Okrugao' }, kind: 'flag', column: { hidden: true }, filter: 'boolean' },
    madeAt: { label: { en: 'Made', hr: 'Napravljen' }, kind: 'instant', column: { day: true } },
    owner: { label: { en: 'Owner', hr: 'Vlasnik' }, kind: 'text', filter: 'exact' },
    note: { label: { en: 'Note', hr: 'Bilješka' }, kind: 'text' },
  },
  { sizes: { s: { en: 'Small', hr: 'Mali' }, l: { en: 'Large', hr: 'Veliki' } } },
);
const widgetTexts = { resources: { widgets: { sizes: { s: 'Mali', l: 'Veliki' } } } };
i18n.addResourceBundle('hr', 'translation', widgetTexts, true, true);

type Widget = { name: string; size: string; state: { priceCents: number | null }; round: boolean; madeAt: string };
const widget: Widget = { name: 'Vrtuljak', size: 'l', state: { priceCents: 250 }, round: true, madeAt: '2026-03-28T23:30:00Z' };

describe('the columns of a described resource', () => {
  it('are its column fields in order, each drawn and exported by its kind', () => {
    const columns = describedColumns<Widget>(description, t);
    expect(columns.map((c) => c.key)).toEqual(['name', 'size', 'priceCents', 'round', 'madeAt']);
    expect(columns.map((c) => c.label)).toEqual([
      'resources.widgets.fields.name',
      'resources.widgets.fields.size',
      'resources.widgets.fields.priceCents',
      'resources.widgets.fields.round',
      'resources.widgets.fields.madeAt',
    ]);
    expect(columns[0]?.sortField).toBe('name');
    expect(columns[2]?.align).toBe('right');
    expect(columns[3]?.defaultHidden).toBe(true);
    expect(columns.map((c) => c.render(widget))).toEqual(['Vrtuljak', 'Veliki', '2,50 €', 'Da', '29.03.2026']);
    // Files keep euros as money (to the cent) and an instant's time (Zagreb's: 00:30 on the 29th, still winter time).
    expect(columns.map((c) => c.exportValue(widget))).toEqual(['Vrtuljak', 'Veliki', { euros: 2.5 }, 'Da', '29.03.2026 00:30']);
  });

  it('draw a missing value as a dash and write it empty; a custom cell replaces the kind’s', () => {
    const [, , price] = describedColumns<Widget>(description, t, { name: { render: (w) => w.name.toUpperCase() } });
    const empty = { ...widget, state: { priceCents: null } };
    expect(isValidElement(price?.render(empty))).toBe(true);
    expect(price?.exportValue(empty)).toBeNull();
    expect(describedColumns<Widget>(description, t, { name: { render: (w) => w.name.toUpperCase() } })[0]?.render(widget)).toBe('VRTULJAK');
  });
});

describe('the filters of a described resource', () => {
  it('are its filter fields in order; a relation needs its own input, or is left to the table', () => {
    const render = () => null;
    expect(describedFilters(description).map((f) => [f.field, f.kind])).toEqual([
      ['name', 'text'],
      ['size', 'select'],
      ['round', 'boolean'],
    ]);
    const filters = describedFilters(description, { owner: { label: 'widgets.ownerFilter', render } });
    expect(filters.at(-1)).toEqual({ field: 'owner', label: 'widgets.ownerFilter', kind: 'custom', render });
    expect(filters[1]).toMatchObject({
      kind: 'select',
      options: [
        { value: 's', label: 'resources.widgets.sizes.s' },
        { value: 'l', label: 'resources.widgets.sizes.l' },
      ],
    });
  });

  it("the device list's are the ones it had: name, group, location, tag, logger, critical, service mode", () => {
    const render = () => null;
    const filters = describedFilters(deviceFieldsDescription, { location: { render }, tags: { render }, logger: { render } });
    expect(filters.map((f) => f.field)).toEqual(['name', 'group', 'location', 'tags', 'logger', 'critical', 'serviceMode']);
    const columns = describedColumns<Device>(deviceFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'group',
      'imei',
      'location',
      'status',
      'cashInBoxCents',
      'tokensInBox',
      'lastEmptiedAt',
      'fillPercent',
      'fullOn',
      'expectedCashCents',
      'playPriceCents',
      'tokenValueCents',
      'cashBoxCapacityCents',
      'tags',
      'fiscalizeApplied',
      'createdAt',
    ]);
  });

  it("the lessor list's are the ones it had, in its order, and its filters name, OIB and rental type", () => {
    expect(describedFilters(lessorFieldsDescription, { oib: { text: true } }).map((f) => [f.field, f.kind])).toEqual([
      ['name', 'text'],
      ['oib', 'text'],
      ['rentalType', 'select'],
    ]);
    const columns = describedColumns<Lessor>(lessorFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'oib',
      'contractStart',
      'contractEnd',
      'contractState',
      'rentalType',
      'rentalPercentage',
      'contractRentalAmountCents',
      'incomeLimitCents',
      'paymentInsuranceCents',
      'locationsCount',
    ]);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['contractState', 'paymentInsuranceCents']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['name', 'contractStart', 'contractEnd']);
    // A calendar day as it is, on screen and in a file.
    expect(columns[2]?.render({ contractStart: '2026-01-31' } as Lessor)).toBe('31.01.2026');
  });

  it("the location list's are the ones it had, in its order: a reference's column shows its name", () => {
    const render = () => null;
    const filters = describedFilters(locationFieldsDescription, { city: { render }, lessor: { render }, tags: { render } });
    expect(filters.map((f) => [f.field, f.kind])).toEqual([
      ['name', 'text'],
      ['city', 'custom'],
      ['lessor', 'custom'],
      ['active', 'boolean'],
      ['tags', 'custom'],
    ]);
    const columns = describedColumns<Location>(locationFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'city',
      'lessor',
      'active',
      'responsibleWorker',
      'rentalType',
      'contractRentalAmountCents',
      'devicesCount',
      'tags',
    ]);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['contractRentalAmountCents']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['name', 'active']);
    // The amount that applies (the lessor's here), as the list showed it.
    const place = { cityName: 'Split', rentalTerms: { contractRentalAmountCents: { value: 12_000, from: 'lessor' } } } as Location;
    expect([columns[1]?.render(place), columns[6]?.render(place)]).toEqual(['Split', '120,00 €']);
  });

  it("the transaction list's are the ones it had, in its order; its period is the list's own filter", () => {
    const render = () => null;
    const filters = describedFilters(transactionFieldsDescription, { device: { render }, location: { render } });
    expect(filters.map((f) => [f.field, f.kind])).toEqual([
      ['device', 'custom'],
      ['location', 'custom'],
      ['type', 'select'],
      ['test', 'boolean'],
    ]);
    const columns = describedColumns<Transaction>(transactionFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual(['at', 'device', 'location', 'type', 'source', 'amountCents', 'count', 'test', 'seq']);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['seq']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['at', 'amountCents']);
    expect(columns[3]?.render({ type: 'free_ride' } as Transaction)).toBe('Besplatna vožnja');
  });

  it("the deposit list's are the ones it had, in its order; its status and period are placed by the list", () => {
    const render = () => null;
    const filters = describedFilters(depositFieldsDescription, { device: { render }, location: { render } });
    expect(filters.map((f) => [f.field, f.kind])).toEqual([
      ['device', 'custom'],
      ['location', 'custom'],
      ['status', 'select'],
    ]);
    expect(filters[2]).toMatchObject({
      options: ['unverified', 'awaiting_count', 'pending_verification', 'verified'].map((value) => ({ value })),
    });
    const columns = describedColumns<Deposit>(depositFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'device',
      'at',
      'location',
      'reportedCoinsCents',
      'depositCoinsCents',
      'differenceCoinsCents',
      'reportedTokens',
      'depositTokens',
      'differenceTokens',
      'outsideTolerance',
      'status',
      'reportedBy',
      'reportedAt',
      'verifiedBy',
      'verifiedAt',
      'note',
    ]);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual([
      'reportedTokens',
      'depositTokens',
      'differenceTokens',
      'outsideTolerance',
      'reportedBy',
      'reportedAt',
      'verifiedBy',
      'verifiedAt',
    ]);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['at']);
    expect(columns.map((c) => c.label).slice(0, 3)).toEqual([
      'resources.deposits.fields.deviceName',
      'resources.deposits.fields.at',
      'resources.deposits.fields.locationName',
    ]);
  });

  it("the top-up list's are the ones it had, in its order; its period is the list's own filter", () => {
    const render = () => null;
    const filters = describedFilters(topUpFieldsDescription, { card: { render }, posLocation: { render }, posWorker: { render } });
    expect(filters.map((f) => [f.field, f.kind])).toEqual([
      ['card', 'custom'],
      ['posLocation', 'custom'],
      ['posWorker', 'custom'],
      ['payment', 'select'],
    ]);
    const columns = describedColumns<TopUp>(topUpFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'at',
      'card',
      'holder',
      'posLocation',
      'posWorker',
      'paidCents',
      'bonusCents',
      'promotion',
      'payment',
      'bill',
      'balanceAfter',
      'paidAfterCents',
      'bonusAfterCents',
    ]);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['holder', 'promotion', 'paidAfterCents', 'bonusAfterCents']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['at']);
  });

  it("the article list's are the ones it had, in its order; its filters name, supplier and unit", () => {
    expect(describedFilters(articleFieldsDescription).map((f) => [f.field, f.kind])).toEqual([
      ['name', 'text'],
      ['unit', 'select'],
      ['supplier', 'text'],
    ]);
    const columns = describedColumns<Article>(articleFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'unit',
      'supplier',
      'vatRate',
      'purchaseNetCents',
      'purchaseGrossCents',
      'sellingNetCents',
      'sellingGrossCents',
      'averagePurchasePriceCents',
      'quantityInStock',
      'stockValueCents',
    ]);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['unit', 'vatRate', 'purchaseGrossCents', 'sellingNetCents']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['name', 'unit', 'supplier', 'quantityInStock']);
    expect(columns[1]?.render({ unit: 'pcs' } as Article)).toBe('kom');
  });

  it("the user lists' are the ones they had: the e-mail typed whole, the role among the app's roles", () => {
    const options = [{ value: 'admin', label: 'roles.admin' }];
    const filters = describedFilters(userFieldsDescription, { email: { text: true }, role: { options } });
    expect(filters.map((f) => [f.field, f.kind])).toEqual([
      ['name', 'text'],
      ['surname', 'text'],
      ['email', 'text'],
      ['role', 'select'],
      ['active', 'boolean'],
    ]);
    expect(filters[3]).toMatchObject({ options });
    const columns = describedColumns<User>(userFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual(['name', 'surname', 'email', 'phone', 'role', 'active', 'createdAt']);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['createdAt']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['name', 'surname', 'email', 'createdAt']);
  });

  it("the company lists' are the ones they had: name, OIB typed whole, top-level", () => {
    expect(describedFilters(companyFieldsDescription, { oib: { text: true } }).map((f) => [f.field, f.kind])).toEqual([
      ['name', 'text'],
      ['oib', 'text'],
      ['isTopGun', 'boolean'],
    ]);
    const columns = describedColumns<Company>(companyFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual(['name', 'oib', 'inVatSystem', 'isTopGun', 'parent', 'activeModules', 'createdAt']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['name', 'oib', 'createdAt']);
    expect(columns[2]?.render({ inVatSystem: true } as Company)).toBe('Da');
  });

  it("the logger, tag and city lists' are the ones they had", () => {
    expect(describedFilters(loggerFieldsDescription).map((f) => [f.field, f.kind])).toEqual([
      ['imei', 'text'],
      ['serial', 'text'],
    ]);
    const loggers = describedColumns<Logger>(loggerFieldsDescription, t);
    expect(loggers.map((c) => c.key)).toEqual([
      'imei',
      'serial',
      'firmware',
      'simNumber',
      'device',
      'lastSeenAt',
      'lastTransport',
      'credentialIssuedAt',
      'createdAt',
    ]);
    expect(loggers.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['createdAt']);
    // How the last batch came, in the list's words.
    expect(loggers[6]?.exportValue({ lastTransport: 'mqtt' } as Logger)).toBe('MQTT');
    expect(loggers.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['imei', 'serial', 'lastSeenAt', 'createdAt']);
    // The fitted device by its name, in a file too.
    expect(loggers[4]?.exportValue({ device: '/api/v2/devices/3', deviceName: 'Vrtuljak' } as Logger)).toBe('Vrtuljak');

    expect(describedFilters(tagFieldsDescription).map((f) => [f.field, f.kind])).toEqual([['name', 'text']]);
    const tags = describedColumns<Tag>(tagFieldsDescription, t);
    expect(tags.map((c) => c.key)).toEqual(['name', 'colour', 'devicesCount', 'locationsCount']);
    expect(tags.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['colour']);
    expect(tags.filter((c) => c.align === 'right').map((c) => c.key)).toEqual(['devicesCount', 'locationsCount']);

    expect(describedFilters(cityFieldsDescription).map((f) => [f.field, f.kind])).toEqual([['name', 'text']]);
    expect(describedColumns<City>(cityFieldsDescription, t).map((c) => [c.key, c.sortField, c.align])).toEqual([
      ['name', 'name', undefined],
      ['locationsCount', undefined, 'right'],
    ]);
  });

  it("the loyalty card list's are the ones it had; the balance orders by the paid credit", () => {
    const render = () => null;
    const filters = describedFilters(loyaltyCardFieldsDescription, {
      owner: { render },
      flagged: { label: 'resources.loyalty-cards.flaggedFilter' },
    });
    expect(filters.map((f) => [f.field, f.kind, f.label])).toEqual([
      ['number', 'text', 'resources.loyalty-cards.fields.number'],
      ['uid', 'text', 'resources.loyalty-cards.fields.uid'],
      ['status', 'select', 'resources.loyalty-cards.fields.status'],
      ['owner', 'custom', 'resources.loyalty-cards.fields.owner'],
      ['flagged', 'boolean', 'resources.loyalty-cards.flaggedFilter'],
    ]);
    const columns = describedColumns<LoyaltyCard>(loyaltyCardFieldsDescription, t, { balance: { sortField: 'paidCents' } });
    expect(columns.map((c) => c.key)).toEqual([
      'number',
      'uid',
      'owner',
      'holder',
      'status',
      'balance',
      'paidCents',
      'bonusCents',
      'flagged',
      'lastUsedAt',
    ]);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['paidCents', 'bonusCents']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['number', 'uid', 'status', 'paidCents', 'lastUsedAt']);
    expect(columns[4]?.exportValue({ status: 'blocked' } as LoyaltyCard)).toBe('Blokirana');
  });

  it("the card ledger's are the ones it had; its period is the ledger's own filter", () => {
    const render = () => null;
    const filters = describedFilters(cardTransactionFieldsDescription, {
      card: { render },
      owner: { render },
      holder: { render },
      device: { render },
    });
    expect(filters.map((f) => [f.field, f.kind])).toEqual([
      ['card', 'custom'],
      ['holder', 'custom'],
      ['owner', 'custom'],
      ['kind', 'select'],
      ['device', 'custom'],
    ]);
    const columns = describedColumns<CardTransaction>(cardTransactionFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'at',
      'card',
      'holder',
      'kind',
      'paidCents',
      'bonusCents',
      'paidAfterCents',
      'bonusAfterCents',
      'place',
      'user',
      'note',
    ]);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['at']);
    expect(columns[3]?.render({ kind: 'adjustment' } as CardTransaction)).toBe('Ispravak');
  });

  it("the repository list's are the ones it had; the description (and the file) puts the name first", () => {
    const render = () => null;
    expect(describedFilters(repositoryFieldsDescription, { responsibleWorker: { render } }).map((f) => [f.field, f.kind])).toEqual([
      ['name', 'text'],
      ['type', 'select'],
      ['responsibleWorker', 'custom'],
    ]);
    const columns = describedColumns<Repository>(repositoryFieldsDescription, t);
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'type',
      'responsibleWorkerName',
      'address',
      'articlesInStock',
      'unitsInStock',
      'stockValueCents',
    ]);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['address']);
    expect(columns.flatMap((c) => (c.sortField ? [c.sortField] : []))).toEqual(['name', 'type']);
    expect(columns[1]?.render({ type: 'van' } as Repository)).toBe('Vozilo (kombi)');
  });
});

describe("the device list's cash box outlook", () => {
  it('reads fill, full-on day and expected cash from the state, the last two hidden until asked for', () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof describedColumns>[1];
    const columns = describedColumns<Device>(deviceFieldsDescription, t);
    const byKey = (key: string) => columns.find((c) => c.key === key);
    const device = { state: { fillPercent: 85, fullOn: '2026-12-09', expectedCashCents: 12_345 } } as unknown as Device;
    expect(byKey('fillPercent')?.exportValue?.(device)).toBe(85);
    expect(byKey('fullOn')?.exportValue?.(device)).toBe('09.12.2026');
    expect(byKey('expectedCashCents')?.exportValue?.(device)).toEqual({ euros: 123.45 });
    expect([byKey('fillPercent')?.defaultHidden, byKey('fullOn')?.defaultHidden, byKey('expectedCashCents')?.defaultHidden]).toEqual([
      undefined,
      true,
      true,
    ]);
    expect(deviceFieldsDescription.fields.fillPercent?.label).toEqual({ en: 'Fill', hr: 'Popunjenost' });
    expect(deviceFieldsDescription.fields.fullOn?.label).toEqual({ en: 'Full on', hr: 'Puna do' });
    expect(deviceFieldsDescription.fields.expectedCashCents?.label).toEqual({ en: 'Expected cash', hr: 'Očekivani novac' });
  });
});
