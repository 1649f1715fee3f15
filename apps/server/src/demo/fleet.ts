import {
  addDays,
  businessDate,
  type DeviceGroup,
  imeiCheckDigit,
  oibCheckDigit,
  type RentalType,
  type WorkingHours,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { cities, devicePlacements, devices, lessors, locations, loggers, tags, users } from '../db/schema/index.ts';
import type { Trouble } from '../modules/telemetry/simulation.ts';
import { credentialHash } from '../security/credentials.ts';

/**
 * The demo fleet (docs/rules.md "The demo"): Croatian cities on the coast and inland, lessors with their contracts,
 * locations with opening hours and rental terms, devices of every group, each with a logger, and tags.
 * Deterministic, so every demo and test starts from the same rows.
 */

export const DEMO_CITIES = [
  { name: 'Zagreb', coast: false },
  { name: 'Split', coast: true },
  { name: 'Rijeka', coast: true },
  { name: 'Osijek', coast: false },
  { name: 'Zadar', coast: true },
  { name: 'Pula', coast: true },
  { name: 'Varaždin', coast: false },
  { name: 'Makarska', coast: true },
  { name: 'Poreč', coast: true },
  { name: 'Slavonski Brod', coast: false },
] as const;
type CityName = (typeof DEMO_CITIES)[number]['name'];

const oib = (n: number) => {
  const body = String(1_000_000_000 + n * 7_654_321).slice(0, 10);
  return `${body}${oibCheckDigit(body)}`;
};
/** A valid IMEI for the n-th demo logger (type allocation code 35693803). */
export const demoImei = (n: number) => {
  const body = `35693803${String(100_000 + n).slice(-6)}`;
  return `${body}${imeiCheckDigit(body)}`;
};
/** The credential of a demo logger, known so the simulator can drive the demo fleet. */
export const demoCredential = (imei: string) => `kvl_demo_${imei}`;

/** What the demo's cash boxes hold when full, by kind of machine (the logistic report's full-box forecast). */
const DEMO_BOX_CAPACITY: Record<DeviceGroup, number | null> = {
  kiddie_ride: 60_000,
  prize_device: 80_000,
  monster: 100_000,
  saldo_reducer: 150_000,
  vending: 50_000,
  other: null,
};

const h = (start: string, end: string) => ({ start, end });
const every = (hours: { start: string; end: string } | null, sunday: { start: string; end: string } | null = hours): WorkingHours => ({
  mon: hours,
  tue: hours,
  wed: hours,
  thu: hours,
  fri: hours,
  sat: hours,
  sun: sunday,
});
const mall = every(h('09:00', '21:00'), h('10:00', '20:00'));
const cafe = every(h('07:00', '23:00'));
const promenade: WorkingHours = { ...every(h('10:00', '00:30')), fri: h('10:00', '02:00'), sat: h('10:00', '02:00') };
const hall = { ...every(h('12:00', '23:00')), mon: null };

interface LessorSeed {
  name: string;
  rentalType: RentalType;
  start: string | null;
  end: string | null;
  /** The end this many days after the seeding instead: a contract that always ends soon (docs/rules.md "Master data", lessors). */
  endsInDays?: number;
  amount: number | null;
  percent: number | null;
  limit: number | null;
  insurance: number | null;
}
const LESSORS: LessorSeed[] = [
  {
    name: 'Arena Centar d.o.o.',
    rentalType: 'fixed',
    start: '2024-03-01',
    end: '2027-02-28',
    amount: 450_00,
    percent: null,
    limit: null,
    insurance: 900_00,
  },
  {
    name: 'City Center one d.o.o.',
    rentalType: 'mixed',
    start: '2023-06-01',
    end: null,
    endsInDays: 20,
    amount: 200_00,
    percent: 20,
    limit: 1_000_00,
    insurance: 500_00,
  },
  {
    name: 'Caffe bar Riva, obrt',
    rentalType: 'percentage',
    start: '2025-01-01',
    end: null,
    amount: null,
    percent: 30,
    limit: null,
    insurance: null,
  },
  {
    name: 'Turistička zajednica Makarska',
    rentalType: 'percentage',
    start: '2025-05-01',
    end: '2026-10-31',
    amount: null,
    percent: 25,
    limit: null,
    insurance: 300_00,
  },
  {
    name: 'Kaufland Hrvatska k.d.',
    rentalType: 'fixed',
    start: '2024-09-01',
    end: '2028-08-31',
    amount: 300_00,
    percent: null,
    limit: null,
    insurance: 600_00,
  },
  {
    name: 'Zabavni park Adria d.o.o.',
    rentalType: 'mixed',
    start: '2025-04-01',
    end: '2029-03-31',
    amount: 150_00,
    percent: 15,
    limit: 800_00,
    insurance: null,
  },
  {
    name: 'Kino Europa d.o.o.',
    rentalType: 'fixed',
    start: '2022-01-01',
    end: '2026-12-31',
    amount: 250_00,
    percent: null,
    limit: null,
    insurance: 250_00,
  },
  {
    name: 'Obiteljski centar Slavonija',
    rentalType: 'percentage',
    start: null,
    end: null,
    amount: null,
    percent: 20,
    limit: null,
    insurance: null,
  },
];

interface LocationSeed {
  name: string;
  city: CityName;
  lessor: number | null;
  street: string;
  address: string;
  hours: WorkingHours;
  lat: number;
  lng: number;
  /** Own rental terms; lessor's apply where absent. */
  own?: { rentalType?: RentalType; amount?: number; percent?: number; limit?: number };
  tags: string[];
  active?: boolean;
}
const LOCATIONS: LocationSeed[] = [
  {
    name: 'Arena Centar — galerija',
    city: 'Zagreb',
    lessor: 0,
    street: 'Ulica Vice Vukova 6',
    address: '10000 Zagreb',
    hours: mall,
    lat: 45.7733,
    lng: 15.9446,
    tags: ['Trgovački centar'],
  },
  {
    name: 'Arena Centar — dječji kutak',
    city: 'Zagreb',
    lessor: 0,
    street: 'Ulica Vice Vukova 6',
    address: '10000 Zagreb',
    hours: mall,
    lat: 45.7736,
    lng: 15.9451,
    own: { amount: 250_00 },
    tags: ['Trgovački centar', 'Dječji kutak'],
  },
  {
    name: 'City Center one West',
    city: 'Zagreb',
    lessor: 1,
    street: 'Jankomir 33',
    address: '10090 Zagreb',
    hours: mall,
    lat: 45.7969,
    lng: 15.8822,
    tags: ['Trgovački centar'],
  },
  {
    name: 'City Center one Split',
    city: 'Split',
    lessor: 1,
    street: 'Vukovarska 207',
    address: '21000 Split',
    hours: mall,
    lat: 43.5151,
    lng: 16.4776,
    tags: ['Trgovački centar'],
  },
  {
    name: 'Riva — caffe bar',
    city: 'Split',
    lessor: 2,
    street: 'Obala Hrvatskog narodnog preporoda 12',
    address: '21000 Split',
    hours: cafe,
    lat: 43.5081,
    lng: 16.4402,
    tags: ['Ljeto'],
  },
  {
    name: 'Makarska — šetnica',
    city: 'Makarska',
    lessor: 3,
    street: 'Obala kralja Tomislava bb',
    address: '21300 Makarska',
    hours: promenade,
    lat: 43.2937,
    lng: 17.0178,
    tags: ['Ljeto', 'Plaža'],
  },
  {
    name: 'Makarska — plaža Donja luka',
    city: 'Makarska',
    lessor: 3,
    street: 'Šetalište sv. Petra',
    address: '21300 Makarska',
    hours: promenade,
    lat: 43.2961,
    lng: 17.0109,
    own: { percent: 20 },
    tags: ['Ljeto', 'Plaža'],
  },
  {
    name: 'Kaufland Rijeka',
    city: 'Rijeka',
    lessor: 4,
    street: 'Osječka 38',
    address: '51000 Rijeka',
    hours: every(h('07:00', '21:00'), null),
    lat: 45.3371,
    lng: 14.4418,
    tags: [],
  },
  {
    name: 'Kaufland Osijek',
    city: 'Osijek',
    lessor: 4,
    street: 'Ulica Svetog Leopolda Bogdana Mandića 111',
    address: '31000 Osijek',
    hours: every(h('07:00', '21:00'), null),
    lat: 45.5466,
    lng: 18.6705,
    tags: [],
  },
  {
    name: 'Kaufland Varaždin',
    city: 'Varaždin',
    lessor: 4,
    street: 'Zagrebačka 90',
    address: '42000 Varaždin',
    hours: every(h('07:00', '21:00'), null),
    lat: 46.2956,
    lng: 16.3254,
    own: { amount: 220_00 },
    tags: [],
  },
  {
    name: 'Zabavni park Adria — ulaz',
    city: 'Poreč',
    lessor: 5,
    street: 'Materada 12',
    address: '52440 Poreč',
    hours: promenade,
    lat: 45.2398,
    lng: 13.6031,
    tags: ['Ljeto', 'Dječji kutak'],
  },
  {
    name: 'Zabavni park Adria — arkade',
    city: 'Poreč',
    lessor: 5,
    street: 'Materada 12',
    address: '52440 Poreč',
    hours: promenade,
    lat: 45.2402,
    lng: 13.6039,
    tags: ['Ljeto', 'Premium'],
  },
  {
    name: 'Kino Europa — foaje',
    city: 'Zagreb',
    lessor: 6,
    street: 'Varšavska 3',
    address: '10000 Zagreb',
    hours: every(h('15:00', '23:30')),
    lat: 45.8114,
    lng: 15.9731,
    tags: ['Premium'],
  },
  {
    name: 'Obiteljski centar Brod',
    city: 'Slavonski Brod',
    lessor: 7,
    street: 'Trg Ivane Brlić-Mažuranić 4',
    address: '35000 Slavonski Brod',
    hours: hall,
    lat: 45.1603,
    lng: 18.0156,
    tags: ['Dječji kutak'],
  },
  {
    name: 'Zadar — Forum igraonica',
    city: 'Zadar',
    lessor: null,
    street: 'Široka ulica 10',
    address: '23000 Zadar',
    hours: hall,
    lat: 44.1153,
    lng: 15.2251,
    own: { rentalType: 'fixed', amount: 180_00 },
    tags: ['Dječji kutak'],
  },
  {
    name: 'Zadar — Kolovare',
    city: 'Zadar',
    lessor: 2,
    street: 'Obala kneza Trpimira 2',
    address: '23000 Zadar',
    hours: cafe,
    lat: 44.1072,
    lng: 15.2379,
    tags: ['Ljeto', 'Plaža'],
  },
  {
    name: 'Pula — Riva',
    city: 'Pula',
    lessor: null,
    street: 'Riva 4',
    address: '52100 Pula',
    hours: promenade,
    lat: 44.8712,
    lng: 13.8437,
    own: { rentalType: 'percentage', percent: 25 },
    tags: ['Ljeto'],
  },
  {
    name: 'Rijeka — Korzo',
    city: 'Rijeka',
    lessor: 2,
    street: 'Korzo 18',
    address: '51000 Rijeka',
    hours: cafe,
    lat: 45.3271,
    lng: 14.4422,
    tags: [],
  },
  {
    name: 'Osijek — Portanova',
    city: 'Osijek',
    lessor: 1,
    street: 'Svilajska 31',
    address: '31000 Osijek',
    hours: mall,
    lat: 45.5459,
    lng: 18.7163,
    own: { percent: 18 },
    tags: ['Trgovački centar'],
  },
  {
    name: 'Skladište Zagreb',
    city: 'Zagreb',
    lessor: null,
    street: 'Slavonska avenija 22',
    address: '10000 Zagreb',
    hours: every(h('08:00', '16:00'), null),
    lat: 45.7987,
    lng: 16.0012,
    tags: ['Servis'],
    active: false,
  },
];

const TAGS = [
  { name: 'Ljeto', colour: '#f59f00' },
  { name: 'Plaža', colour: '#1c7ed6' },
  { name: 'Trgovački centar', colour: '#7048e8' },
  { name: 'Dječji kutak', colour: '#e64980' },
  { name: 'Premium', colour: '#2b8a3e' },
  { name: 'Servis', colour: '#c92a2a' },
];

/** Devices per group: names, play price, and how many the fleet has (60 in all). */
const GROUPS: { group: DeviceGroup; names: string[]; price: number; count: number }[] = [
  { group: 'kiddie_ride', names: ['Konjić', 'Autić', 'Vlakić', 'Helikopter', 'Brodić', 'Dupin'], price: 200, count: 18 },
  { group: 'prize_device', names: ['Dizalica', 'Plišana dizalica', 'Lucky Star', 'Key Master'], price: 100, count: 14 },
  { group: 'monster', names: ['Boksač', 'Kick Boxer', 'Snaga udarca'], price: 200, count: 10 },
  { group: 'saldo_reducer', names: ['Mjenjač žetona'], price: 100, count: 6 },
  { group: 'vending', names: ['Automat za slatkiše', 'Kapsule'], price: 100, count: 8 },
  { group: 'other', names: ['Foto kabina', 'Masažna fotelja'], price: 300, count: 4 },
];

/**
 * Demo devices in trouble when the demo starts, so the map and the lists show every device state: by
 * logger number (`demoImei`; Zabavni automati's are 1–60, Istra's 101–105, Drugi automati's 201–204),
 * what went wrong and how many hours before "now". The history (history.ts) and the live simulator
 * (tools/simulate.ts) send the telemetry of that trouble; ingestion derives the state from it.
 */
const DEMO_TROUBLE: { logger: number; kind: Trouble['kind']; hoursAgo: number; code?: string }[] = [
  // Critical: an alarm nobody has cleared.
  { logger: 3, kind: 'alarm', hoursAgo: 3, code: 'E31' }, // Vlakić 1, City Center one West
  { logger: 34, kind: 'alarm', hoursAgo: 26, code: 'E12' }, // Kick Boxer 1, Zadar — Forum igraonica
  // Offline: the logger stopped reporting.
  { logger: 5, kind: 'silent', hoursAgo: 5 }, // Brodić 1, Riva — caffe bar
  { logger: 56, kind: 'silent', hoursAgo: 28 }, // Kapsule 4, Rijeka — Korzo
  { logger: 202, kind: 'silent', hoursAgo: 4 }, // Drugi automati: Helikopter 3, Kaufland Rijeka
  // Service mode switched on and left on.
  { logger: 44, kind: 'service', hoursAgo: 2 }, // Mjenjač žetona 2, Makarska — šetnica
  { logger: 102, kind: 'service', hoursAgo: 5 }, // Istra: Konjić 3, Zabavni park Adria — arkade
  // Problematic: no revenue for three open days and more.
  { logger: 9, kind: 'idle', hoursAgo: 6 * 24 }, // Vlakić 2, Kaufland Osijek
  { logger: 51, kind: 'idle', hoursAgo: 5 * 24 }, // Automat za slatkiše 2, Kino Europa — foaje
];

/**
 * A demo device installed with its fiscalization switched off by mistake (Foto kabina 1, Osijek —
 * Portanova): its history is written without bills, and `switchOnDemoFiscalization` turns it back on
 * when the demo is seeded, so the transactions-vs-bills comparison shows what it is for, payments
 * without their bills, in the company's own view.
 */
export const DEMO_UNBILLED_LOGGER = 57;

/** The demo devices' trouble by IMEI, started the given hours before `now`. */
export function demoTrouble(now: Date): Map<string, Trouble> {
  return new Map(
    DEMO_TROUBLE.map((t) => [
      demoImei(t.logger),
      { kind: t.kind, since: new Date(now.getTime() - t.hoursAgo * 3_600_000), ...(t.code ? { code: t.code } : {}) },
    ]),
  );
}

/** When the demo fleet was put in place: 13 months of history fit after it. */
export const FLEET_SINCE = new Date(Date.UTC(new Date().getUTCFullYear() - 1, new Date().getUTCMonth() - 1, 1, 8));
/**
 * When the demo's records were entered, a fortnight before the fleet started reporting: the companies
 * and their people by the platform's admin (`DEMO_SET_UP.companies`), their lessors and locations by
 * the company's manager the next day. Their audit trail says the same (trail.ts reads `createdAt`).
 */
export const DEMO_SET_UP = {
  companies: new Date(FLEET_SINCE.getTime() - 14 * 86_400_000),
  places: new Date(FLEET_SINCE.getTime() - 13 * 86_400_000),
};

export interface SeededFleet {
  locationIds: number[];
  deviceIds: number[];
}

/** Seeds the fleet of a company; `share` takes a slice for smaller companies. */
export async function seedFleet(
  tx: Tx,
  company: { id: number; workerEmail?: string },
  options: { locations?: number[]; devices?: number; loggerOffset: number; lessorOffset: number; tagNames?: string[] },
): Promise<SeededFleet> {
  const cityRows = await tx.select().from(cities);
  const cityId = new Map(cityRows.map((c) => [c.name, c.id]));
  const worker = company.workerEmail
    ? (await tx.select({ id: users.id }).from(users).where(eq(users.email, company.workerEmail)))[0]
    : undefined;

  const tagSeeds = TAGS.filter((t) => !options.tagNames || options.tagNames.includes(t.name));
  const tagRows = tagSeeds.length
    ? await tx
        .insert(tags)
        .values(tagSeeds.map((t) => ({ ...t, companyId: company.id })))
        .returning()
    : [];
  const tagId = new Map(tagRows.map((t) => [t.name, t.id]));

  const locationSeeds = (options.locations ?? LOCATIONS.map((_, i) => i)).map((i) => LOCATIONS[i] as LocationSeed);
  const lessorIndexes = [...new Set(locationSeeds.map((l) => l.lessor).filter((l): l is number => l !== null))];
  const lessorRows = lessorIndexes.length
    ? await tx
        .insert(lessors)
        .values(
          lessorIndexes.map((i, n) => {
            const l = LESSORS[i] as LessorSeed;
            return {
              companyId: company.id,
              name: l.name,
              oib: oib(options.lessorOffset + n + 1),
              contractStart: l.start,
              contractEnd: l.endsInDays === undefined ? l.end : addDays(businessDate(), l.endsInDays),
              rentalType: l.rentalType,
              contractRentalAmountCents: l.amount,
              rentalPercentageBp: l.percent === null ? null : l.percent * 100,
              incomeLimitCents: l.limit,
              paymentInsuranceCents: l.insurance,
              createdAt: DEMO_SET_UP.places,
            };
          }),
        )
        .returning({ id: lessors.id })
    : [];
  const lessorId = new Map(lessorIndexes.map((i, n) => [i, lessorRows[n]?.id as number]));

  const locationRows = await tx
    .insert(locations)
    .values(
      locationSeeds.map((l, n) => ({
        companyId: company.id,
        name: l.name,
        cityId: cityId.get(l.city) as number,
        active: l.active ?? true,
        lessorId: l.lessor === null ? null : (lessorId.get(l.lessor) ?? null),
        street: l.street,
        address: l.address,
        description: null,
        workingHours: l.hours,
        responsibleWorkerId: worker?.id ?? null,
        rentalType: l.own?.rentalType ?? null,
        contractRentalAmountCents: l.own?.amount ?? null,
        incomeLimitCents: l.own?.limit ?? null,
        rentalPercentageBp: l.own?.percent === undefined ? null : l.own.percent * 100,
        fiscalization: true,
        createdAt: DEMO_SET_UP.places,
        paymentMethod: 'cash' as const,
        premisesLabel: `PP${String(n + 1).padStart(2, '0')}`,
        latitude: l.lat,
        longitude: l.lng,
        tagIds: l.tags.map((t) => tagId.get(t)).filter((t): t is number => t !== undefined),
      })),
    )
    .returning({ id: locations.id, active: locations.active });

  // Devices go round the active locations; every device gets its own logger.
  const activeLocations = locationRows.filter((l) => l.active).map((l) => l.id);
  const total = options.devices ?? GROUPS.reduce((n, g) => n + g.count, 0);
  const plan: { group: DeviceGroup; name: string; price: number }[] = [];
  for (const g of GROUPS) {
    // Konjić 1, Autić 1, …, Konjić 2: each model numbered on its own.
    for (let i = 0; i < g.count; i++) {
      plan.push({ group: g.group, name: `${g.names[i % g.names.length]} ${Math.floor(i / g.names.length) + 1}`, price: g.price });
    }
  }
  const chosen = plan.filter((_, i) => i % Math.max(1, Math.floor(plan.length / total)) === 0).slice(0, total);
  const imeis = chosen.map((_, i) => demoImei(options.loggerOffset + i + 1));
  const loggerRows = await tx
    .insert(loggers)
    .values(
      imeis.map((imei, i) => ({
        companyId: company.id,
        imei,
        serial: `KL-${String(options.loggerOffset + i + 1).padStart(5, '0')}`,
        firmware: i % 5 === 0 ? '2.3.1' : '2.4.0',
        simNumber: `+385 99 ${String(5_000_000 + options.loggerOffset + i).slice(0, 3)} ${String(1000 + i).slice(-4)}`,
        credentialHash: credentialHash(demoCredential(imei)),
        credentialIssuedAt: FLEET_SINCE,
        createdAt: FLEET_SINCE,
      })),
    )
    .returning({ id: loggers.id });
  const summerTag = tagId.get('Ljeto');
  const deviceRows = await tx
    .insert(devices)
    .values(
      chosen.map((d, i) => ({
        companyId: company.id,
        name: d.name,
        group: d.group,
        loggerId: loggerRows[i]?.id ?? null,
        locationId: activeLocations[i % activeLocations.length] ?? null,
        locationSince: FLEET_SINCE,
        playPriceCents: d.price,
        tokenValueCents: 100,
        // Cash boxes of their kind's usual size; every ninth device's was never written down.
        cashBoxCapacityCents: i % 9 === 4 ? null : DEMO_BOX_CAPACITY[d.group],
        tagIds: i % 7 === 0 && summerTag ? [summerTag] : [],
        isuNumber: String(i + 1),
        fiscalize: options.loggerOffset + i + 1 === DEMO_UNBILLED_LOGGER ? ('off' as const) : ('inherit' as const),
        createdAt: FLEET_SINCE,
      })),
    )
    .returning({ id: devices.id, locationId: devices.locationId });
  await tx.insert(devicePlacements).values(
    deviceRows
      .filter((d) => d.locationId !== null)
      .map((d) => ({
        companyId: company.id,
        deviceId: d.id,
        locationId: d.locationId as number,
        fromAt: FLEET_SINCE,
        movedById: worker?.id ?? null,
      })),
  );
  return { locationIds: locationRows.map((l) => l.id), deviceIds: deviceRows.map((d) => d.id) };
}

export async function seedCities(tx: Tx) {
  await tx.insert(cities).values(DEMO_CITIES.map((c) => ({ name: c.name })));
}
