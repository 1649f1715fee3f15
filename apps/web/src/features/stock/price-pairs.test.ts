import { articleCreate, articlePatch, grossFromNet, pricePair } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { changeVatRate, enterPrice, newPriceFields, type PriceFields, priceBody } from './price-pairs.ts';

const apply = (values: PriceFields, changes: Partial<PriceFields>): PriceFields => ({ ...values, ...changes });

describe('article prices in the form', () => {
  it('typing the net fills the gross at the VAT rate, typing the gross fills the net', () => {
    let values = newPriceFields();
    values = apply(values, enterPrice(values, 'purchase', 'net', 160));
    expect(values).toMatchObject({ purchaseNetCents: 160, purchaseGrossCents: 200, purchaseEntered: 'net' });
    values = apply(values, enterPrice(values, 'selling', 'gross', 250));
    expect(values).toMatchObject({ sellingNetCents: 200, sellingGrossCents: 250, sellingEntered: 'gross' });
  });

  it('rounds half up to the cent as the server does', () => {
    const values = { ...newPriceFields(), vatRate: 13 };
    // 0,35 € × 1,13 = 0,3955 € → 0,40 €; 1,00 € ÷ 1,13 = 0,8849… € → 0,88 €.
    expect(enterPrice(values, 'purchase', 'net', 35)).toMatchObject({ purchaseGrossCents: 40 });
    expect(enterPrice(values, 'purchase', 'gross', 100)).toMatchObject({ purchaseNetCents: 88 });
    // Whatever the side typed, what the server would compute from it is what the form shows.
    for (const cents of [1, 7, 35, 99, 12_345, 999_999]) {
      const fromNet = apply(values, enterPrice(values, 'purchase', 'net', cents));
      expect(pricePair(cents, undefined, 13)).toEqual({ net: fromNet.purchaseNetCents, gross: fromNet.purchaseGrossCents });
      const fromGross = apply(values, enterPrice(values, 'purchase', 'gross', cents));
      expect(pricePair(undefined, cents, 13)).toEqual({ net: fromGross.purchaseNetCents, gross: fromGross.purchaseGrossCents });
    }
  });

  it('emptying one side empties the pair', () => {
    let values = apply(newPriceFields(), { purchaseNetCents: 160, purchaseGrossCents: 200 });
    values = apply(values, enterPrice(values, 'purchase', 'gross', null));
    expect(values).toMatchObject({ purchaseNetCents: null, purchaseGrossCents: null });
  });

  it('a new VAT rate keeps the nets and recomputes the grosses; an unusable one changes no price', () => {
    let values = apply(newPriceFields(), { purchaseNetCents: 160, purchaseGrossCents: 200, sellingNetCents: 200, sellingGrossCents: 250 });
    values = { ...values, sellingEntered: 'gross' };
    values = apply(values, changeVatRate(values, 13));
    expect(values).toMatchObject({
      vatRate: 13,
      purchaseNetCents: 160,
      purchaseGrossCents: grossFromNet(160, 13),
      sellingNetCents: 200,
      sellingGrossCents: 226,
      sellingEntered: 'net',
    });
    expect(changeVatRate(values, null)).toEqual({ vatRate: null });
    expect(changeVatRate(values, 150)).toEqual({ vatRate: 150 });
    // While the rate is empty, typing a price leaves the other side alone.
    expect(enterPrice({ ...values, vatRate: null }, 'purchase', 'net', 500)).toEqual({ purchaseNetCents: 500, purchaseEntered: 'net' });
  });

  it('sends the side typed; a new article leaves an empty pair out', () => {
    let values = newPriceFields();
    values = apply(values, enterPrice(values, 'purchase', 'gross', 200));
    expect(priceBody(values)).toEqual({ purchaseGrossCents: 200 });
    expect(articleCreate.safeParse({ name: 'Kapsula', unit: 'pcs', vatRate: 25, ...priceBody(values) }).success).toBe(true);
  });

  it('a patch sends only the pairs that changed, and null for an emptied one', () => {
    const initial = apply(newPriceFields(), {
      purchaseNetCents: 160,
      purchaseGrossCents: 200,
      sellingNetCents: 200,
      sellingGrossCents: 250,
    });
    expect(priceBody(initial, initial)).toEqual({});
    let values = apply(initial, enterPrice(initial, 'selling', 'net', null));
    expect(priceBody(values, initial)).toEqual({ sellingNetCents: null });
    values = apply(initial, changeVatRate(initial, 5));
    expect(priceBody(values, initial)).toEqual({ purchaseNetCents: 160, sellingNetCents: 200 });
    expect(articlePatch.safeParse({ vatRate: 5, ...priceBody(values, initial) }).success).toBe(true);
  });
});
