import { describe, expect, it } from 'vitest';
import { describeFields, importColumnsOf, importHeaderKey } from '../fields.ts';
import { articleImportColumns, deviceImportColumns, locationImportColumns, transactionImportColumns } from './imports.ts';

// The imports' columns as they were written by hand before the descriptions gave them: the derived
// ones must have the same columns in the same order, the same required ones and templates, and take
// every header these took (they take a few more: the labels, as the list's file writes them).
const examplePlace = ['Caffe bar Sunce', 'Zagreb', '', 'Ilica 1', 'Ilica 1, 10000 Zagreb', ''];

const articleBefore = {
  columns: ['name', 'unit', 'supplier', 'vatRate', 'purchaseNet', 'purchaseGross', 'sellingNet', 'sellingGross'],
  required: ['name', 'unit'],
  headers: {
    name: ['name', 'article', 'naziv', 'artikl'],
    unit: ['unit', 'jedinica', 'jedinica mjere', 'jm'],
    supplier: ['supplier', 'dobavljač', 'dobavljac'],
    vatRate: ['vat', 'vat rate', 'vatrate', 'pdv', 'stopa pdv', 'stopa pdv a'],
    purchaseNet: ['purchase net', 'purchasenet', 'nabavna neto', 'nabavna cijena neto'],
    purchaseGross: ['purchase gross', 'purchasegross', 'nabavna bruto', 'nabavna cijena bruto'],
    sellingNet: ['selling net', 'sellingnet', 'prodajna neto', 'prodajna cijena neto'],
    sellingGross: ['selling gross', 'sellinggross', 'prodajna bruto', 'prodajna cijena bruto'],
  },
  example: ['Gumene bombone 100 g', 'pcs', 'Kraš d.d.', '25', '0,80', '', '', '2,00'],
  hr: {
    headers: {
      name: 'naziv',
      unit: 'jedinica mjere',
      supplier: 'dobavljač',
      vatRate: 'stopa pdv',
      purchaseNet: 'nabavna cijena neto',
      purchaseGross: 'nabavna cijena bruto',
      sellingNet: 'prodajna cijena neto',
      sellingGross: 'prodajna cijena bruto',
    },
    example: ['Gumene bombone 100 g', 'kom', 'Kraš d.d.', '25', '0,80', '', '', '2,00'],
  },
};

const locationBefore = {
  columns: [
    'name',
    'city',
    'lessor',
    'street',
    'address',
    'description',
    'active',
    'rentalType',
    'contractRentalAmount',
    'incomeLimit',
    'rentalPercentage',
    'fiscalization',
    'paymentMethod',
    'premisesLabel',
    'latitude',
    'longitude',
  ],
  required: ['name', 'city'],
  headers: {
    name: ['name', 'location', 'naziv', 'lokacija'],
    city: ['city', 'grad', 'mjesto'],
    lessor: ['lessor', 'najmodavac', 'zakupodavac'],
    street: ['street', 'ulica'],
    address: ['address', 'adresa'],
    description: ['description', 'opis'],
    active: ['active', 'aktivna', 'aktivan'],
    rentalType: ['rental type', 'rentaltype', 'vrsta najma', 'tip najma'],
    contractRentalAmount: ['rent', 'rental amount', 'contract rental amount', 'najamnina', 'iznos najma'],
    incomeLimit: ['income limit', 'incomelimit', 'limit prihoda', 'prag prihoda'],
    rentalPercentage: ['rental percentage', 'rentalpercentage', 'rent %', 'postotak najma', 'postotak'],
    fiscalization: ['fiscalization', 'fiscalisation', 'fiskalizacija'],
    paymentMethod: ['payment method', 'paymentmethod', 'način plaćanja', 'nacin placanja'],
    premisesLabel: ['premises label', 'premiseslabel', 'oznaka poslovnog prostora', 'poslovni prostor'],
    latitude: ['latitude', 'lat', 'geografska širina', 'širina', 'sirina'],
    longitude: ['longitude', 'lng', 'lon', 'geografska dužina', 'dužina', 'duzina'],
  },
  example: [...examplePlace, 'yes', 'fixed', '150,00', '', '', 'yes', 'cash', 'PP1', '45.8131', '15.9775'],
  hr: {
    headers: {
      name: 'naziv',
      city: 'grad',
      lessor: 'najmodavac',
      street: 'ulica',
      address: 'adresa',
      description: 'opis',
      active: 'aktivna',
      rentalType: 'vrsta najma',
      contractRentalAmount: 'iznos najma',
      incomeLimit: 'limit prihoda',
      rentalPercentage: 'postotak najma',
      fiscalization: 'fiskalizacija',
      paymentMethod: 'način plaćanja',
      premisesLabel: 'oznaka poslovnog prostora',
      latitude: 'geografska širina',
      longitude: 'geografska dužina',
    },
    example: [...examplePlace, 'da', 'fiksni', '150,00', '', '', 'da', 'gotovina', 'PP1', '45,8131', '15,9775'],
  },
};

const deviceBefore = {
  columns: ['name', 'group', 'location', 'logger', 'playPrice', 'tokenValue', 'cashBoxCapacity', 'premisesLabel', 'isuNumber', 'fiscalize'],
  required: ['name', 'group'],
  headers: {
    name: ['name', 'device', 'naziv', 'uređaj', 'uredaj'],
    group: ['group', 'grupa', 'vrsta'],
    location: ['location', 'lokacija'],
    logger: ['logger', 'logger imei', 'logger serial', 'imei', 'serial', 'serijski broj'],
    playPrice: ['play price', 'playprice', 'price', 'cijena igre', 'cijena'],
    tokenValue: ['token value', 'tokenvalue', 'vrijednost žetona', 'vrijednost zetona', 'žeton', 'zeton'],
    cashBoxCapacity: ['cash box capacity', 'cashboxcapacity', 'kapacitet blagajne', 'kapacitet kase'],
    premisesLabel: ['premises label', 'premiseslabel', 'oznaka poslovnog prostora', 'poslovni prostor'],
    isuNumber: ['isu number', 'isunumber', 'isu', 'oznaka naplatnog uređaja', 'naplatni uređaj'],
    fiscalize: ['fiscalize', 'fiscalization', 'fiskalizacija', 'fiskalizirati'],
  },
  example: ['Flipper 1', 'prize_device', 'Caffe bar Sunce', '', '1,00', '', '', '', '', 'inherit'],
  hr: {
    headers: {
      name: 'naziv',
      group: 'vrsta',
      location: 'lokacija',
      logger: 'serijski broj',
      playPrice: 'cijena igre',
      tokenValue: 'vrijednost žetona',
      cashBoxCapacity: 'kapacitet blagajne',
      premisesLabel: 'oznaka poslovnog prostora',
      isuNumber: 'oznaka naplatnog uređaja',
      fiscalize: 'fiskalizacija',
    },
    example: ['Flipper 1', 'uređaj s nagradama', 'Caffe bar Sunce', '', '1,00', '', '', '', '', 'prema lokaciji'],
  },
};

const transactionBefore = {
  columns: ['id', 'time', 'device', 'type', 'amount', 'count', 'card'],
  required: ['id', 'time', 'device', 'type'],
  headers: {
    id: ['id', 'transaction id', 'transactionid', 'external id', 'source id', 'id transakcije', 'broj transakcije', 'oznaka transakcije'],
    time: ['time', 'at', 'date', 'date time', 'datetime', 'timestamp', 'vrijeme', 'datum', 'datum i vrijeme'],
    device: ['device', 'device name', 'uređaj', 'uredaj', 'naziv uređaja', 'automat', 'logger', 'imei', 'serial'],
    type: ['type', 'transaction type', 'vrsta', 'tip', 'vrsta transakcije'],
    amount: ['amount', 'value', 'amount eur', 'iznos', 'vrijednost', 'iznos eur'],
    count: ['count', 'quantity', 'qty', 'količina', 'kolicina', 'broj komada', 'komada'],
    card: ['card', 'card uid', 'carduid', 'kartica', 'uid kartice', 'čip kartice'],
  },
  example: ['A-100231', '21.11.2026 09:59', 'Flipper 1', 'coin', '2,00', '2', ''],
  hr: {
    headers: {
      id: 'id transakcije',
      time: 'datum i vrijeme',
      device: 'uređaj',
      type: 'vrsta',
      amount: 'iznos',
      count: 'količina',
      card: 'kartica',
    },
    example: ['A-100231', '21.11.2026 09:59', 'Flipper 1', 'kovanica', '2,00', '2', ''],
  },
};

describe("an import's columns read from its resource's description", () => {
  const cases = [
    ['articles', articleImportColumns, articleBefore],
    ['locations', locationImportColumns, locationBefore],
    ['devices', deviceImportColumns, deviceBefore],
    ['transactions', transactionImportColumns, transactionBefore],
  ] as const;

  it.each(cases)('%s: the columns, the required ones, the templates in both languages as before', (_kind, derived, before) => {
    expect(derived.columns).toEqual(before.columns);
    expect(derived.required).toEqual(before.required);
    expect(derived.example).toEqual(before.example);
    expect(derived.hr).toEqual(before.hr);
  });

  it.each(cases)('%s: every header taken before is taken', (_kind, derived, before) => {
    const headers = derived.headers as Record<string, readonly string[]>;
    for (const [column, taken] of Object.entries<readonly string[]>(before.headers)) {
      expect(headers[column], column).toEqual(expect.arrayContaining(taken.map(importHeaderKey)));
    }
  });

  it('a money field’s column drops `Cents`; the labels and the column’s words are headers; `after` moves a column', () => {
    const description = describeFields('widgets', {
      name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', import: { required: true, example: 'Widget' } },
      unitPriceCents: {
        label: { en: 'Unit price', hr: 'Jedinična cijena' },
        kind: 'money',
        import: { hr: 'cijena', example: { en: '1.20', hr: '1,20' } },
      },
      madeBy: { label: { en: 'Maker', hr: 'Proizvođač' }, kind: 'text', import: { headers: ['made by'], after: 'name' } },
    });
    expect(importColumnsOf(description)).toEqual({
      columns: ['name', 'madeBy', 'unitPrice'],
      required: ['name'],
      headers: {
        name: ['name', 'naziv'],
        madeBy: ['madeby', 'made by', 'maker', 'proizvođač'],
        unitPrice: ['unitprice', 'unit price', 'jedinična cijena', 'cijena'],
      },
      example: ['Widget', '', '1.20'],
      hr: { headers: { name: 'naziv', madeBy: 'proizvođač', unitPrice: 'cijena' }, example: ['Widget', '', '1,20'] },
    });
  });

  it('refuses a header two columns would take', () => {
    const description = describeFields('widgets', {
      name: { label: { en: 'Name', hr: 'Naziv' }, kind: 'text', import: {} },
      title: { label: { en: 'Title', hr: 'Naslov' }, kind: 'text', import: { headers: ['naziv'] } },
    });
    expect(() => importColumnsOf(description)).toThrow(/'naziv' is also name's/);
  });
});
