import { loyaltyCardsResource } from '@kovanica/contract';
import { resourceApi } from '../resource-api.ts';

/** Cards (`/loyalty/cards/*`); their ledger has its own screens (`/loyalty/{cards,owners,users}/transactions`) and a card's page shows its rows. */
export const loyaltyCardsApi = /* @__PURE__ */ resourceApi(loyaltyCardsResource, { path: '/loyalty/cards', title: (card) => card.number });
