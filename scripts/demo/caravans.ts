/**
 * Caravan catalogue of the demo generator (item_type 'caravan'): Australian-market
 * caravan, pop-top and camper makes with plausible layouts, written for this project.
 * Lengths and widths are in feet, as caravan feeds send them (spec: feet to metres
 * 0.3048); masses in kg.
 */

export interface CaravanModel {
  make: string;
  model: string;
  /** simple_body as a caravan feed sends it. */
  body: 'Caravan' | 'Pop Top' | 'Camper Trailer' | 'Hybrid Camper';
  years: [from: number, to: number];
  /** [layout badge, new price]. */
  layouts: [string, number][];
  /** Body length range in feet. */
  length: [number, number];
  /** External body width in feet. */
  width: number;
  /** Tare range, kg. */
  tare: [number, number];
  /** ATM (aggregate trailer mass) headroom above tare, kg. */
  payload: [number, number];
  sleeps: [number, number];
  offroad: boolean;
  weight: number;
}

export const CARAVANS: CaravanModel[] = [
  { make: 'Jayco', model: 'Journey', body: 'Caravan', years: [2014, 2025], layouts: [['19.61-3 Outback', 78990], ['21.62-3 Outback', 84990], ['17.55-3 Family', 72990]], length: [17, 22], width: 7.7, tare: [2050, 2500], payload: [450, 650], sleeps: [2, 4], offroad: true, weight: 6 },
  { make: 'Jayco', model: 'Starcraft', body: 'Caravan', years: [2014, 2025], layouts: [['17.55-3', 56990], ['19.61-3', 61990], ['16.49-2 Pop Top', 52990]], length: [16, 20], width: 7.5, tare: [1700, 2150], payload: [350, 500], sleeps: [2, 4], offroad: false, weight: 7 },
  { make: 'Jayco', model: 'Silverline', body: 'Caravan', years: [2015, 2025], layouts: [['21.65-4 Outback', 109990], ['23.71-4', 116990]], length: [21, 24], width: 7.8, tare: [2400, 2850], payload: [550, 750], sleeps: [2, 2], offroad: true, weight: 3 },
  { make: 'Jayco', model: 'Swan', body: 'Camper Trailer', years: [2012, 2025], layouts: [['Outback', 42990], ['Touring', 38990]], length: [13, 15], width: 6.9, tare: [1200, 1400], payload: [300, 450], sleeps: [4, 6], offroad: true, weight: 4 },
  { make: 'Jayco', model: 'Crosstrak', body: 'Hybrid Camper', years: [2020, 2025], layouts: [['14.44-1', 49990]], length: [14, 15], width: 7.2, tare: [1500, 1650], payload: [400, 500], sleeps: [2, 3], offroad: true, weight: 2 },
  { make: 'Avan', model: 'Aspire', body: 'Caravan', years: [2014, 2025], layouts: [['555 Couples', 74990], ['626 Club Lounge', 86990]], length: [18, 21], width: 7.5, tare: [1900, 2350], payload: [450, 600], sleeps: [2, 2], offroad: false, weight: 3 },
  { make: 'Avan', model: 'Cruiseliner', body: 'Pop Top', years: [2012, 2025], layouts: [['Hatch Couples', 52990], ['Ensuite', 58990]], length: [14, 17], width: 7.2, tare: [1350, 1600], payload: [350, 450], sleeps: [2, 3], offroad: false, weight: 3 },
  { make: 'New Age', model: 'Manta Ray', body: 'Caravan', years: [2013, 2025], layouts: [['19ER', 79990], ['21E Family Bunks', 86990]], length: [19, 22], width: 7.6, tare: [2150, 2550], payload: [600, 800], sleeps: [2, 6], offroad: true, weight: 3 },
  { make: 'New Age', model: 'Road Owl', body: 'Caravan', years: [2016, 2025], layouts: [['17ER', 69990], ['19E', 74990]], length: [17, 20], width: 7.5, tare: [1950, 2300], payload: [500, 700], sleeps: [2, 4], offroad: true, weight: 2 },
  { make: 'New Age', model: 'Big Red', body: 'Caravan', years: [2014, 2025], layouts: [['21E Club Lounge', 99990], ['23ER Off Road', 109990]], length: [21, 24], width: 7.9, tare: [2600, 3000], payload: [700, 900], sleeps: [2, 4], offroad: true, weight: 2 },
  { make: 'Lotus Caravans', model: 'Trooper', body: 'Caravan', years: [2015, 2025], layouts: [['19\'6" Rear Door', 124990], ['21\'6" Club Lounge', 134990]], length: [19, 22], width: 7.9, tare: [2550, 2900], payload: [700, 900], sleeps: [2, 4], offroad: true, weight: 2 },
  { make: 'Coromal', model: 'Element', body: 'Caravan', years: [2014, 2025], layouts: [['E602 Tourer', 64990], ['E549s', 59990]], length: [17, 20], width: 7.4, tare: [1850, 2200], payload: [450, 600], sleeps: [2, 3], offroad: false, weight: 3 },
  { make: 'Crusader', model: 'Prestige', body: 'Caravan', years: [2014, 2025], layouts: [['Super Lounge', 102990], ['Family Bunk', 106990]], length: [21, 24], width: 7.9, tare: [2500, 2850], payload: [550, 700], sleeps: [2, 6], offroad: false, weight: 2 },
  { make: 'Zone RV', model: 'Z-4', body: 'Hybrid Camper', years: [2017, 2025], layouts: [['Off Road', 79990]], length: [14, 16], width: 7.3, tare: [1750, 1900], payload: [650, 800], sleeps: [2, 3], offroad: true, weight: 2 },
  { make: 'Retreat', model: 'Hamilton', body: 'Caravan', years: [2016, 2025], layouts: [['21\'6" Luxury', 94990], ['19\'6" Island Bed', 88990]], length: [19, 22], width: 7.6, tare: [2300, 2650], payload: [600, 750], sleeps: [2, 2], offroad: false, weight: 2 },
];

/** Body finishes of caravans: [feed colour name, image family]. */
export const CARAVAN_FINISHES: [string, string][] = [
  ['White Composite', 'white'],
  ['White / Silver Checkerplate', 'white'],
  ['Silver Aluminium', 'silver'],
  ['White / Charcoal', 'white'],
  ['Grey Composite', 'grey'],
  ['Black / Grey', 'black'],
  ['Sand', 'beige'],
];

export const CARAVAN_EQUIPMENT = [
  'Solar Panels 2 x 200W', 'Lithium Battery 200Ah', 'DC-DC Charger', 'Battery Management System', 'Ensuite with Separate Shower', 'Cassette Toilet', 'Front Load Washing Machine',
  'Diesel Heater', '12V Compressor Fridge 190L', '3 Way Fridge', 'Reverse Cycle Air Conditioner', 'Gas Cooktop 3 Burner + Grill', 'Microwave', 'Rangehood',
  '2 x 95L Fresh Water Tanks', 'Grey Water Tank', 'Water Filtration System', 'Roll Out Awning', 'External Shower', 'Picnic Table', 'External Speakers', 'Smart TV 24"',
  'Queen Bed with Innerspring Mattress', 'Club Lounge', 'Bunk Beds', 'Independent Coil Suspension', 'Electric Brakes', 'Stone Guard', 'Checkerplate Protection', 'Off Road Hitch',
  'Spare Wheel', 'Jockey Wheel', 'Reversing Camera Pre-wire', 'Electric Hot Water System', 'LED Lighting', 'Hatch Roof Vents', 'Security Door', 'Tool Box',
];
