import type { LoyaltyCard } from '@kovanica/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/**
 * A loyalty programme through the API, as the manager of Zabavni sets one up: an owner, a point of
 * sale (owner, location with its premises and ISU, a worker with PIN 4711) and a card factory.
 */
export async function loyaltyProgramme(t: TestApp, suffix = '') {
  const post = async <T = Record<string, unknown> & { '@id': string; id: number }>(url: string, payload: object): Promise<T> => {
    const res = await t.json<T>('manager', { method: 'POST', url, payload });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  const owner = await post('/api/v2/loyalty-owners', { name: `Zabavni kartica${suffix}`, oib: '69435151530', isOperator: true });
  const posOwner = await post('/api/v2/pos-owners', { name: `Blagajne${suffix}`, oib: '69435151530' });
  const posLocation = await post('/api/v2/pos-locations', {
    posOwner: posOwner['@id'],
    name: `Blagajna Riva${suffix}`,
    premisesLabel: `POS${suffix.replace(/\W/g, '')}1`,
    isu: '1',
  });
  const worker = await post('/api/v2/pos-workers', {
    posLocation: posLocation['@id'],
    name: 'Iva',
    surname: 'Blagajnica',
    oib: '94577403194',
    pin: '4711',
  });
  let cards = 0;
  const card = (uid?: string) => {
    cards += 1;
    return post<LoyaltyCard>('/api/v2/loyalty-cards', {
      owner: owner['@id'],
      uid: uid ?? `AB${suffix.length}C${cards.toString(16).toUpperCase().padStart(4, '0')}`,
      number: `K${suffix}-${cards}`,
    });
  };
  return { owner, posOwner, posLocation, worker, card, post };
}
