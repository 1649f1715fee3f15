import type { Collection, LoyaltyOwner, PromoBox } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { mergePatch, testApp } from '../../testing/app.ts';
import { uniqueOib } from '../../testing/fixtures.ts';

const t = await testApp();
type Violations = { detail: string; violations: { propertyPath: string; code: string; message: string }[] };
const url = '/api/v2/promo-boxes';
const owner = (
  await t.json<LoyaltyOwner>('manager', {
    method: 'POST',
    url: '/api/v2/loyalty-owners',
    payload: { name: 'Promo d.o.o.', oib: uniqueOib() },
  })
).body;
const body = {
  owner: owner['@id'],
  title: 'Double credit weekend',
  text: 'Top up 20 € and get 10 € more.',
  backgroundColor: '#1864AB',
  textColor: '#FFFFFF',
  activeFrom: '2026-12-01',
};

describe('promo boxes', () => {
  it('creates one (audience all by default), lists and edits it', async () => {
    const res = await t.json<PromoBox>('manager', {
      method: 'POST',
      url,
      payload: { ...body, buttonLabel: 'Details', buttonLink: 'https://example.test/x' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ownerName: 'Promo d.o.o.',
      audience: 'all',
      backgroundColor: '#1864ab',
      textColor: '#ffffff',
      activeTo: null,
    });
    const list = await t.json<Collection<PromoBox>>('manager', { url: `${url}?audience=all&title=double` });
    expect(list.body.member.map((b) => b.id)).toContain(res.body.id);
    const patched = await t.json<PromoBox>('manager', {
      method: 'PATCH',
      url: res.body['@id'],
      headers: mergePatch,
      payload: { audience: 'inactive', buttonLabel: null, buttonLink: null, activeTo: '2026-12-31' },
    });
    expect(patched.body).toMatchObject({ audience: 'inactive', buttonLabel: null, buttonLink: null, activeTo: '2026-12-31' });
    expect((await t.as('manager', { method: 'DELETE', url: res.body['@id'] })).statusCode).toBe(204);
  });

  it('refuses text that is hard to read on its background, in the caller language', async () => {
    const en = await t.json<Violations>('manager', {
      method: 'POST',
      url,
      payload: { ...body, backgroundColor: '#ffffff', textColor: '#777777' },
    });
    expect(en.status).toBe(422);
    expect(en.body.violations).toEqual([
      {
        propertyPath: 'textColor',
        code: 'contrast',
        message: 'The text is hard to read on this background: contrast 4.47:1, at least 4.5:1 is needed.',
      },
    ]);
    const hr = await t.json<Violations>('manager', {
      method: 'POST',
      url,
      headers: { 'accept-language': 'hr' },
      payload: { ...body, backgroundColor: '#ffff00', textColor: '#ffffff' },
    });
    expect(hr.body.violations[0]?.message).toBe('Tekst se teško čita na ovoj pozadini: kontrast 1.07:1, potrebno je barem 4.5:1.');
    // A patch naming one colour is checked with the stored other one.
    const box = (await t.json<PromoBox>('manager', { method: 'POST', url, payload: body })).body;
    const patch = await t.json<Violations>('manager', {
      method: 'PATCH',
      url: box['@id'],
      headers: mergePatch,
      payload: { textColor: '#2b6cb0' },
    });
    expect(patch.status).toBe(422);
    expect(patch.body.violations[0]).toMatchObject({ propertyPath: 'textColor', code: 'contrast' });
  });

  it('checks the button pair, the link and the dates', async () => {
    const bad = await t.json<Violations>('manager', {
      method: 'POST',
      url,
      payload: { ...body, buttonLabel: 'Go', activeTo: '2026-11-30' },
    });
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code]).sort()).toEqual([
      ['activeTo', 'end_before_start'],
      ['buttonLink', 'button_pair'],
    ]);
    const audience = await t.json<Violations>('manager', { method: 'POST', url, payload: { ...body, audience: 'some' } });
    expect(audience.body.violations[0]).toMatchObject({ propertyPath: 'audience', code: 'choice' });
    for (const link of ['http://example.test', 'javascript:alert(1)', '//evil.test', 'offers']) {
      const res = await t.json<Violations>('manager', { method: 'POST', url, payload: { ...body, buttonLabel: 'Go', buttonLink: link } });
      expect(res.body.violations[0], link).toMatchObject({ propertyPath: 'buttonLink', code: 'link' });
    }
    const relative = await t.json<PromoBox>('manager', {
      method: 'POST',
      url,
      payload: { ...body, buttonLabel: 'Go', buttonLink: '/offers?x=1' },
    });
    expect(relative.status).toBe(201);
    // A patch is checked as the box will be: the stored label without a link, the stored start after the end.
    const patch = (payload: object) =>
      t.json<Violations>('manager', { method: 'PATCH', url: relative.body['@id'], headers: mergePatch, payload });
    expect((await patch({ buttonLink: null })).body.violations).toMatchObject([{ propertyPath: 'buttonLink', code: 'button_pair' }]);
    expect((await patch({ activeTo: '2026-11-30' })).body.violations).toMatchObject([
      { propertyPath: 'activeTo', code: 'end_before_start' },
    ]);
    expect((await patch({ buttonLabel: null, buttonLink: null, activeTo: '2026-12-01' })).status).toBe(200);
  });

  it('is for managers with the promo boxes component', async () => {
    expect((await t.as('accountant', { url })).statusCode).toBe(403);
    expect((await t.as('worker', { url })).statusCode).toBe(403);
    const components = (list: string[]) =>
      t.as('admin', { method: 'PATCH', url: '/api/v2/companies/1', headers: mergePatch, payload: { activeModuleComponents: list } });
    const before = (await t.json<{ activeModuleComponents: string[] }>('admin', { url: '/api/v2/companies/1' })).body
      .activeModuleComponents;
    expect((await components(before.filter((c) => c !== 'loyalty.promo-boxes'))).statusCode).toBe(200);
    const off = await t.json('manager', { url });
    expect(off.status).toBe(403);
    expect(off.body.detail).toBe('The module "loyalty.promo-boxes" is not active for your company.');
    expect((await t.as('manager', { url: '/api/v2/loyalty-owners' })).statusCode).toBe(200);
    expect((await components(before)).statusCode).toBe(200);
    expect((await t.as('manager', { url })).statusCode).toBe(200);
  });
});
