/**
 * The words a list's file writes for a stored word of a fixed set (a status, a kind, a payment), by
 * the web's text key they come from: the same words as the lists on screen. `exports.words.test.ts`
 * holds them to the web's dictionaries, so a changed text on screen fails the suite until it is here too.
 */
export const EXPORT_WORDS: Record<string, Record<string, { en: string; hr: string }>> = {
  'resources.devices.groups': {
    saldo_reducer: { en: 'Saldo reducer', hr: 'Saldo reduktor' },
    monster: { en: 'Monster', hr: 'Monster' },
    prize_device: { en: 'Prize device', hr: 'Uređaj s nagradama' },
    kiddie_ride: { en: 'Kiddie ride', hr: 'Dječja vozilica' },
    vending: { en: 'Vending', hr: 'Prodajni automat' },
    other: { en: 'Other', hr: 'Ostalo' },
  },
  'resources.transactions.types': {
    coin: { en: 'Coin', hr: 'Kovanica' },
    note: { en: 'Banknote', hr: 'Novčanica' },
    token: { en: 'Token', hr: 'Žeton' },
    cashless: { en: 'Cashless', hr: 'Bezgotovinsko' },
    card: { en: 'Loyalty card', hr: 'Kartica vjernosti' },
    free_ride: { en: 'Free ride', hr: 'Besplatna vožnja' },
    reset: { en: 'Reset', hr: 'Resetiranje' },
    prize_out: { en: 'Prize out', hr: 'Izdana nagrada' },
  },
  'resources.deposits.statuses': {
    unverified: { en: 'Unverified', hr: 'Neovjereni' },
    awaiting_count: { en: 'Awaiting count', hr: 'Čeka prebrojavanje' },
    pending_verification: { en: 'Pending verification', hr: 'Čeka ovjeru' },
    verified: { en: 'Verified', hr: 'Ovjeren' },
  },
  'bills.kinds': {
    device: { en: 'Device', hr: 'Uređaj' },
    manual: { en: 'Manual', hr: 'Ručni' },
    storno: { en: 'Storno', hr: 'Storno' },
  },
  'bills.payments': {
    G: { en: 'Cash', hr: 'Gotovina' },
    K: { en: 'Card', hr: 'Kartica' },
    O: { en: 'Other', hr: 'Ostalo' },
  },
  'bills.statuses': {
    fiscalized: { en: 'Fiscalized', hr: 'Fiskaliziran' },
    unfiscalized: { en: 'Unfiscalized', hr: 'Nefiskaliziran' },
  },
  'resources.loyalty-cards.statuses': {
    active: { en: 'Active', hr: 'Aktivna' },
    blocked: { en: 'Blocked', hr: 'Blokirana' },
    lost: { en: 'Lost', hr: 'Izgubljena' },
  },
  'resources.card-transactions.kinds': {
    top_up: { en: 'Top-up', hr: 'Nadoplata' },
    spend: { en: 'Spend', hr: 'Potrošnja' },
    adjustment: { en: 'Correction', hr: 'Ispravak' },
  },
  'resources.top-ups.payments': {
    cash: { en: 'Cash', hr: 'Gotovina' },
    card: { en: 'Card', hr: 'Kartica' },
  },
  'resources.repositories.types': {
    warehouse: { en: 'Warehouse', hr: 'Skladište' },
    van: { en: 'Van', hr: 'Vozilo (kombi)' },
  },
  'resources.lessors.rentalTypes': {
    fixed: { en: 'Fixed', hr: 'Fiksni' },
    percentage: { en: 'Percentage', hr: 'Postotak' },
    mixed: { en: 'Mixed', hr: 'Mješoviti' },
  },
  'resources.locations.paymentMethods': {
    cash: { en: 'Cash', hr: 'Gotovina' },
    card: { en: 'Card', hr: 'Kartica' },
    transfer: { en: 'Bank transfer', hr: 'Transakcijski račun' },
    other: { en: 'Other', hr: 'Ostalo' },
  },
  'resources.lessors.contractStates': {
    none: { en: 'No contract dates', hr: 'Bez datuma ugovora' },
    future: { en: 'Not started', hr: 'Nije započeo' },
    active: { en: 'Active', hr: 'Aktivan' },
    ending: { en: 'Ending soon', hr: 'Uskoro istječe' },
    ended: { en: 'Ended', hr: 'Istekao' },
  },
};
