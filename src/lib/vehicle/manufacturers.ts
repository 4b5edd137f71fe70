/**
 * The static manufacturer list (spec §9 "About 140 manufacturers static list"):
 * makes a shopper or service customer may own that the dealer has no stock of. Stock makes
 * are merged in, so a feed's unusual make is offered too. Pure.
 */

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
  'Snowy River', 'Sunland', 'Supreme', 'Trackabout', 'Windsor', 'Zone RV', 'Kedron', 'Deepal', 'Denza', 'Xpeng', 'Skywell',
];

/** Every make to offer: the static list plus the stock's makes, one entry per make (case-insensitive), A to Z. */
export function manufacturerOptions(stockMakes: Iterable<string | null | undefined> = []): string[] {
  const byKey = new Map<string, string>();
  for (const make of [...MANUFACTURERS, ...stockMakes]) {
    const name = make?.trim();
    if (name && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en-AU', { sensitivity: 'base' }));
}
