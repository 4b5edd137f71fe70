/**
 * The static manufacturer list (spec §9 "About 140 manufacturers static list"):
 * makes a shopper or service customer may own that the dealer has no stock of. Stock makes
 * are merged in, so a feed's unusual make is offered too. It also says what each make builds
 * (`makeKinds`), one of the facts a record's kind is decided from (vehicle-kind.ts). Pure.
 */
import type { VehicleKind } from './vehicle-kinds.ts';

/** Makes sold in Australia (cars, SUVs, utes, vans, trucks, motorcycles, caravans), current and recent. */
export const MANUFACTURERS: readonly string[] = [
  'Abarth', 'AC', 'Alfa Romeo', 'Alpina', 'Alpine', 'Aprilia', 'Aston Martin', 'Audi', 'Austin', 'Avida', 'Bajaj', 'Benelli', 'Bentley', 'Bimota', 'BMW',
  'Buell', 'Bugatti', 'Buick', 'BYD', 'Cadillac', 'Can-Am', 'Caterham', 'CFMoto', 'Chery', 'Chevrolet', 'Chrysler', 'Citroen', 'Cupra', 'Daewoo', 'Daihatsu',
  'Dodge', 'DAF', 'Ducati', 'Eunos', 'Ferrari', 'Fiat', 'Fisker', 'Ford', 'Foton', 'Fuso', 'Genesis', 'Geely', 'GasGas', 'GWM', 'Harley-Davidson',
  'Haval', 'Hino', 'Holden', 'Honda', 'HSV', 'Hummer', 'Husqvarna', 'Hyosung', 'Hyundai', 'Indian', 'INEOS', 'Infiniti', 'International', 'Isuzu', 'Iveco',
  'Jaguar', 'Jayco', 'Jeep', 'Kawasaki', 'Kenworth', 'Kia', 'KTM', 'Kymco', 'Lamborghini', 'Lancia', 'Land Rover', 'LDV', 'Leapmotor', 'Lexus', 'Lotus',
  'Mack', 'Mahindra', 'MAN', 'Maserati', 'Maxus', 'Mazda', 'McLaren', 'Mercedes-AMG', 'Mercedes-Benz', 'MG', 'Mini', 'Mitsubishi', 'Morgan', 'Moto Guzzi',
  'MV Agusta', 'Nissan', 'Opel', 'Peugeot', 'Piaggio', 'Polaris', 'Polestar', 'Porsche', 'Proton', 'RAM', 'Renault', 'Rolls-Royce', 'Rover', 'Royal Enfield',
  'Saab', 'Scania', 'Seat', 'Skoda', 'Smart', 'SsangYong', 'KGM', 'Subaru', 'Suzuki', 'Swift', 'Tesla', 'Toyota', 'Triumph', 'UD', 'Vespa', 'Volkswagen',
  'Volvo', 'Western Star', 'Yamaha', 'Zeekr', 'Coronet', 'Crusader', 'Goldstream', 'Jurgens', 'Kokoda', 'Lotus Caravans', 'Millard', 'New Age', 'Roadstar',
  'Snowy River', 'Sunland', 'Supreme', 'Trackabout', 'Windsor', 'Zone RV', 'Kedron', 'Deepal', 'Denza', 'Xpeng', 'Skywell', 'Avan',
];

/**
 * What each make of the list builds when it is not (only) cars: the kinds of vehicle its name
 * stands for in Australian stock, in the order a record of that make most likely is. A make of
 * the list not named here builds cars; a make not on the list tells nothing.
 */
export const MAKE_KINDS: Readonly<Record<string, readonly VehicleKind[]>> = {
  // Motorcycle makes, and the car makers that also sell bikes here.
  Aprilia: ['motorcycle'], Bajaj: ['motorcycle'], Benelli: ['motorcycle'], Bimota: ['motorcycle'], Buell: ['motorcycle'], 'Can-Am': ['motorcycle'],
  CFMoto: ['motorcycle'], Ducati: ['motorcycle'], GasGas: ['motorcycle'], 'Harley-Davidson': ['motorcycle'], Husqvarna: ['motorcycle'], Hyosung: ['motorcycle'],
  Indian: ['motorcycle'], Kawasaki: ['motorcycle'], KTM: ['motorcycle'], Kymco: ['motorcycle'], 'Moto Guzzi': ['motorcycle'], 'MV Agusta': ['motorcycle'],
  Piaggio: ['motorcycle'], Polaris: ['motorcycle'], 'Royal Enfield': ['motorcycle'], Triumph: ['motorcycle'], Vespa: ['motorcycle'], Yamaha: ['motorcycle'],
  BMW: ['car', 'motorcycle'], Honda: ['car', 'motorcycle'], Suzuki: ['car', 'motorcycle'],
  // Truck makes, and the car and van makers that also sell trucks here.
  DAF: ['truck'], Fuso: ['truck'], Hino: ['truck'], International: ['truck'], Kenworth: ['truck'], Mack: ['truck'], MAN: ['truck'], Scania: ['truck'],
  UD: ['truck'], 'Western Star': ['truck'], Iveco: ['truck', 'car'], Isuzu: ['car', 'truck'], 'Mercedes-Benz': ['car', 'truck'], Volvo: ['car', 'truck'],
  Foton: ['car', 'truck'],
  // Caravan makes.
  Avida: ['caravan'], Coronet: ['caravan'], Crusader: ['caravan'], Goldstream: ['caravan'], Jayco: ['caravan'], Jurgens: ['caravan'], Kokoda: ['caravan'],
  'Lotus Caravans': ['caravan'], Millard: ['caravan'], 'New Age': ['caravan'], Roadstar: ['caravan'], 'Snowy River': ['caravan'], Sunland: ['caravan'],
  Supreme: ['caravan'], Trackabout: ['caravan'], Windsor: ['caravan'], 'Zone RV': ['caravan'], Kedron: ['caravan'], Swift: ['caravan'], Avan: ['caravan'],
};

const MAKE_KINDS_BY_KEY = new Map<string, readonly VehicleKind[]>([
  ...MANUFACTURERS.map((make) => [make.toLowerCase(), ['car']] as const),
  ...Object.entries(MAKE_KINDS).map(([make, kinds]) => [make.toLowerCase(), kinds] as const),
]);

/** The kinds of vehicle a make builds (case-insensitive), or an empty list for a make the list does not know. */
export function makeKinds(make: string | null | undefined): readonly VehicleKind[] {
  return MAKE_KINDS_BY_KEY.get((make ?? '').trim().toLowerCase()) ?? [];
}

/** A to Z as localeCompare(b, 'en-AU', { sensitivity: 'base' }) orders, with one collator for every list (localeCompare given a locale may build one on each call). */
const MAKE_ORDER = new Intl.Collator('en-AU', { sensitivity: 'base' });

/** Every make to offer: the static list plus the stock's makes, one entry per make (case-insensitive), A to Z. */
export function manufacturerOptions(stockMakes: Iterable<string | null | undefined> = []): string[] {
  const byKey = new Map<string, string>();
  for (const make of [...MANUFACTURERS, ...stockMakes]) {
    const name = make?.trim();
    if (name && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  return [...byKey.values()].sort(MAKE_ORDER.compare);
}
