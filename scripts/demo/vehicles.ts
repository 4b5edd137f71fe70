/**
 * Vehicle catalogue of the demo generator: Australian-market makes, models, badges,
 * engines and approximate new prices (AUD, drive-away ballpark), written for this
 * project. Used prices are derived from these by age and kilometres in generate-demo.
 */
import type { BodyShape } from '../../src/lib/images.ts';

export type Fuel = 'Petrol' | 'Diesel' | 'Hybrid' | 'Plug-in Hybrid' | 'Electric';

/** Engine and driveline facts shared by several badges. */
export interface Engine {
  litres: number | null;
  cylinders: number | null;
  fuel: Fuel;
  transmission: 'Automatic' | 'Manual';
  gears: number;
  induction: string;
  /** Combined fuel use, L/100km (kWh/100km for electric cars is not a feed field: 0). */
  l100: number;
  tank: number | null;
  kw: number;
  nm: number;
}

/** [badge name, new price, engine key (default: the model's), drive (default: the model's)]. */
export type Badge = [name: string, price: number, engine?: string, drive?: string];

export interface ModelSpec {
  make: string;
  model: string;
  shape: BodyShape;
  /** The drawing of the model's pictures when the body family's own does not fit it: a city hatch, a coupe SUV, a square 4WD. Default `shape`. */
  art?: BodyShape;
  /** simple_body as feeds send it. */
  body: string;
  bodyconfiguration?: string;
  years: [from: number, to: number];
  seats: number;
  doors: number;
  drive: string;
  engine: string;
  badges: Badge[];
  /** [first model year, series code]: the latest entry not after the car's year applies. */
  series?: [number, string][];
  towing?: number;
  ancap?: number;
  /** Equipment tier: decides the feature list. */
  tier: 'budget' | 'mid' | 'premium' | 'work' | 'performance' | 'bike' | 'truck';
  /** Gross vehicle mass (kg) when the body shape's default does not fit (trucks of several classes). */
  gvm?: number;
  /** Stock weight in a multi-brand used yard (how common the model is). */
  weight: number;
}

const e = (
  litres: number | null,
  cylinders: number | null,
  fuel: Fuel,
  transmission: 'Automatic' | 'Manual',
  gears: number,
  induction: string,
  l100: number,
  tank: number | null,
  kw: number,
  nm: number,
): Engine => ({ litres, cylinders, fuel, transmission, gears, induction, l100, tank, kw, nm });

/** Engines by key. */
export const ENGINES: Record<string, Engine> = {
  p10t3: e(1.0, 3, 'Petrol', 'Automatic', 7, 'Turbo', 5.4, 40, 74, 172),
  p12: e(1.2, 4, 'Petrol', 'Automatic', 1, 'Aspirated', 4.9, 37, 61, 113),
  p15: e(1.5, 4, 'Petrol', 'Automatic', 1, 'Aspirated', 6.0, 45, 82, 144),
  p15_3: e(1.5, 3, 'Petrol', 'Automatic', 1, 'Aspirated', 4.9, 40, 88, 145),
  p15t: e(1.5, 4, 'Petrol', 'Automatic', 7, 'Turbo', 6.5, 55, 119, 250),
  p16: e(1.6, 4, 'Petrol', 'Automatic', 6, 'Aspirated', 6.8, 50, 90, 151),
  p16tm: e(1.6, 3, 'Petrol', 'Manual', 6, 'Turbo', 7.6, 50, 200, 370),
  p18: e(1.8, 4, 'Petrol', 'Automatic', 1, 'Aspirated', 6.7, 50, 103, 173),
  p20: e(2.0, 4, 'Petrol', 'Automatic', 6, 'Aspirated', 6.5, 51, 114, 200),
  p20cvt: e(2.0, 4, 'Petrol', 'Automatic', 1, 'Aspirated', 6.3, 50, 126, 202),
  p20t: e(2.0, 4, 'Petrol', 'Automatic', 8, 'Turbo', 7.0, 59, 180, 350),
  p20tm: e(2.0, 4, 'Petrol', 'Manual', 6, 'Turbo', 8.6, 60, 206, 350),
  p24: e(2.4, 4, 'Petrol', 'Manual', 6, 'Aspirated', 8.8, 50, 174, 250),
  p25: e(2.5, 4, 'Petrol', 'Automatic', 6, 'Aspirated', 7.4, 60, 140, 252),
  p25cvt: e(2.5, 4, 'Petrol', 'Automatic', 1, 'Aspirated', 7.4, 63, 136, 239),
  p30t6: e(3.0, 6, 'Petrol', 'Automatic', 8, 'Twin Turbo', 8.9, 65, 285, 500),
  p35v6: e(3.5, 6, 'Petrol', 'Automatic', 8, 'Aspirated', 9.5, 68, 218, 350),
  p36v6: e(3.6, 6, 'Petrol', 'Automatic', 6, 'Aspirated', 9.3, 61, 210, 350),
  p40i6: e(4.0, 6, 'Petrol', 'Automatic', 6, 'Aspirated', 9.9, 68, 195, 391),
  p50v8: e(5.0, 8, 'Petrol', 'Automatic', 10, 'Aspirated', 12.7, 61, 339, 556),
  p60v8: e(6.0, 8, 'Petrol', 'Automatic', 6, 'Aspirated', 12.3, 71, 270, 530),
  d19t: e(1.9, 4, 'Diesel', 'Automatic', 6, 'Turbo', 8.0, 76, 110, 350),
  d22t: e(2.2, 4, 'Diesel', 'Automatic', 8, 'Turbo', 6.6, 67, 148, 440),
  d24t: e(2.4, 4, 'Diesel', 'Automatic', 6, 'Turbo', 7.7, 75, 133, 430),
  d28t: e(2.8, 4, 'Diesel', 'Automatic', 6, 'Turbo', 8.0, 80, 150, 500),
  d28tm: e(2.8, 4, 'Diesel', 'Manual', 6, 'Turbo', 8.4, 80, 130, 420),
  d30t: e(3.0, 4, 'Diesel', 'Automatic', 8, 'Turbo', 8.0, 76, 140, 450),
  d20bt: e(2.0, 4, 'Diesel', 'Automatic', 10, 'Bi-Turbo', 7.6, 80, 154, 500),
  d30v6: e(3.0, 6, 'Diesel', 'Automatic', 10, 'Turbo', 8.4, 80, 184, 600),
  d33v6: e(3.3, 6, 'Diesel', 'Automatic', 10, 'Twin Turbo', 8.9, 110, 227, 700),
  d45v8: e(4.5, 8, 'Diesel', 'Automatic', 6, 'Twin Turbo', 9.5, 138, 200, 650),
  d45v8m: e(4.5, 8, 'Diesel', 'Manual', 5, 'Turbo', 10.7, 130, 151, 430),
  d30truck: e(3.0, 4, 'Diesel', 'Automatic', 6, 'Turbo', 12.5, 100, 110, 375),
  d40truck: e(4.0, 4, 'Diesel', 'Manual', 6, 'Turbo', 14.0, 100, 110, 419),
  d52truck: e(5.2, 4, 'Diesel', 'Automatic', 6, 'Turbo', 15.5, 140, 140, 513),
  h15: e(1.5, 3, 'Hybrid', 'Automatic', 1, 'Aspirated', 3.8, 36, 85, 141),
  h18: e(1.8, 4, 'Hybrid', 'Automatic', 1, 'Aspirated', 4.2, 43, 90, 142),
  h20: e(2.0, 4, 'Hybrid', 'Automatic', 1, 'Aspirated', 4.4, 43, 131, 206),
  h25: e(2.5, 4, 'Hybrid', 'Automatic', 1, 'Aspirated', 4.7, 55, 163, 221),
  h25k: e(2.5, 4, 'Hybrid', 'Automatic', 1, 'Aspirated', 5.6, 65, 184, 242),
  h16t: e(1.6, 4, 'Hybrid', 'Automatic', 6, 'Turbo', 5.3, 67, 169, 350),
  phev24: e(2.4, 4, 'Plug-in Hybrid', 'Automatic', 1, 'Aspirated', 1.9, 56, 185, 332),
  phev15: e(1.5, 4, 'Plug-in Hybrid', 'Automatic', 10, 'Turbo', 1.7, 55, 190, 370),
  phev25: e(2.5, 4, 'Plug-in Hybrid', 'Automatic', 8, 'Aspirated', 1.5, 50, 241, 500),
  ev: e(null, null, 'Electric', 'Automatic', 1, 'Electric', 0, null, 150, 310),
  evawd: e(null, null, 'Electric', 'Automatic', 1, 'Electric', 0, null, 258, 493),
  m700: e(0.7, 2, 'Petrol', 'Manual', 6, 'Aspirated', 4.3, 14, 54, 67),
  m650: e(0.65, 2, 'Petrol', 'Manual', 6, 'Aspirated', 4.5, 15, 50, 64),
  m1750: e(1.75, 2, 'Petrol', 'Manual', 6, 'Aspirated', 5.6, 13, 69, 155),
  // Motorcycles and trucks of the motorcycle-and-truck dealer (scripts/demo/moto-trucks.ts).
  m300cvt: e(0.28, 1, 'Petrol', 'Automatic', 1, 'Aspirated', 3.3, 8, 18, 26),
  m300: e(0.29, 1, 'Petrol', 'Manual', 6, 'Aspirated', 3.2, 8, 20, 26),
  m350: e(0.35, 1, 'Petrol', 'Manual', 5, 'Aspirated', 3.1, 13, 15, 27),
  m390: e(0.37, 1, 'Petrol', 'Manual', 6, 'Aspirated', 3.5, 15, 32, 37),
  m765: e(0.77, 3, 'Petrol', 'Manual', 6, 'Aspirated', 5.2, 15, 88, 80),
  m890: e(0.89, 3, 'Petrol', 'Manual', 6, 'Aspirated', 5.0, 14, 87, 93),
  m1100: e(1.08, 2, 'Petrol', 'Manual', 6, 'Aspirated', 5.0, 19, 75, 105),
  m1250: e(1.25, 2, 'Petrol', 'Manual', 6, 'Aspirated', 4.8, 20, 100, 143),
  d30truckm: e(3.0, 4, 'Diesel', 'Manual', 5, 'Turbo', 12.0, 100, 110, 370),
  d77truck: e(7.7, 6, 'Diesel', 'Automatic', 6, 'Turbo', 24.0, 200, 191, 794),
  d80truck: e(8.0, 6, 'Diesel', 'Automatic', 6, 'Turbo', 25.0, 300, 191, 1050),
  evtruck: e(null, null, 'Electric', 'Automatic', 1, 'Electric Motor', 0, null, 110, 430),
};

const TOYOTA_SERIES_HILUX: [number, string][] = [[2012, 'KUN26R MY12'], [2016, 'GUN126R'], [2021, 'GUN126R Facelift'], [2025, 'GUN126R MY25']];

/** The models. Weight = how often the model appears in a multi-brand used yard. */
export const MODELS: ModelSpec[] = [
  // Toyota
  { make: 'Toyota', model: 'Yaris', shape: 'hatch', art: 'small-hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15_3', tier: 'budget', weight: 3, ancap: 5,
    badges: [['Ascent Sport', 25990], ['SX', 28990], ['ZR', 31990], ['Ascent Sport Hybrid', 28990, 'h15'], ['ZR Hybrid', 34990, 'h15']], series: [[2012, 'NCP130R'], [2020, 'MXPA10R']] },
  { make: 'Toyota', model: 'Yaris Cross', shape: 'suv', body: 'SUV', years: [2020, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15_3', tier: 'mid', weight: 3, ancap: 5,
    badges: [['GX', 30990], ['GXL', 33990], ['GXL Hybrid', 36990, 'h15'], ['Urban Hybrid AWD', 40990, 'h15', 'AWD']], series: [[2020, 'MXPB10R']] },
  { make: 'Toyota', model: 'Corolla', shape: 'hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20cvt', tier: 'mid', weight: 7, ancap: 5,
    badges: [['Ascent Sport', 30990], ['SX', 34490], ['ZR', 39990], ['Ascent Sport Hybrid', 33490, 'h18'], ['SX Hybrid', 36990, 'h18'], ['ZR Hybrid', 42490, 'h18']], series: [[2012, 'ZRE182R'], [2018, 'MZEA12R'], [2023, 'MZEA12R MY23']] },
  { make: 'Toyota', model: 'Corolla Cross', shape: 'suv', body: 'SUV', years: [2022, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20cvt', tier: 'mid', weight: 3, ancap: 5,
    badges: [['GX', 34990], ['GXL', 39990], ['GXL Hybrid', 42990, 'h20'], ['Atmos Hybrid AWD', 50990, 'h20', 'AWD']], series: [[2022, 'MXGA10R']] },
  { make: 'Toyota', model: 'C-HR', shape: 'suv', art: 'coupe-suv', body: 'SUV', years: [2017, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20cvt', tier: 'mid', weight: 2, ancap: 5,
    badges: [['GXL', 38990], ['Koba', 44990], ['GR Sport Hybrid', 54990, 'h20']], series: [[2017, 'NGX10R'], [2024, 'MAXH10R']] },
  { make: 'Toyota', model: 'Camry', shape: 'sedan', body: 'Sedan', years: [2012, 2025], seats: 5, doors: 4, drive: 'FWD', engine: 'p25', tier: 'mid', weight: 6, ancap: 5,
    badges: [['Ascent', 37990], ['Ascent Sport', 39990], ['SX', 46990], ['SL', 50990], ['Ascent Hybrid', 40990, 'h25'], ['SL Hybrid', 53990, 'h25']], series: [[2012, 'ASV50R'], [2017, 'ASV70R'], [2024, 'AXVH80R']] },
  { make: 'Toyota', model: 'RAV4', shape: 'suv', body: 'SUV', years: [2013, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20cvt', tier: 'mid', weight: 9, ancap: 5, towing: 1500,
    badges: [['GX', 39990], ['GXL', 44990], ['GX Hybrid', 43990, 'h25'], ['GXL Hybrid AWD', 50990, 'h25', 'AWD'], ['XSE Hybrid AWD', 55990, 'h25', 'AWD'], ['Cruiser Hybrid AWD', 56990, 'h25', 'AWD'], ['Edge AWD', 58990, 'p25', 'AWD']], series: [[2013, 'ALA49R'], [2019, 'AXAA54R'], [2024, 'AXAH54R MY24']] },
  { make: 'Toyota', model: 'Kluger', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 7, doors: 5, drive: 'AWD', engine: 'p35v6', tier: 'premium', weight: 4, ancap: 5, towing: 2000,
    badges: [['GX', 56990], ['GXL', 66990], ['Grande', 80990], ['GXL Hybrid', 71990, 'h25k'], ['Grande Hybrid', 84990, 'h25k']], series: [[2012, 'GSU50R'], [2021, 'GVU75R']] },
  { make: 'Toyota', model: 'Prado', shape: 'suv', art: '4wd', body: 'SUV', years: [2012, 2025], seats: 7, doors: 5, drive: '4WD', engine: 'd28t', tier: 'premium', weight: 5, ancap: 5, towing: 3000,
    badges: [['GX', 66990], ['GXL', 76990], ['VX', 86990], ['Kakadu', 97990], ['Altitude', 92990]], series: [[2012, 'KDJ150R'], [2015, 'GDJ150R'], [2024, 'TJA250R']] },
  { make: 'Toyota', model: 'LandCruiser', shape: 'suv', art: '4wd', body: 'SUV', years: [2012, 2025], seats: 7, doors: 5, drive: '4WD', engine: 'd33v6', tier: 'premium', weight: 4, ancap: 5, towing: 3500,
    badges: [['GX', 98990], ['GXL', 113990], ['VX', 127990], ['Sahara', 148990], ['GR Sport', 152990]], series: [[2012, 'VDJ200R'], [2022, 'FJA300R']] },
  { make: 'Toyota', model: 'LandCruiser 70', shape: 'ute', body: 'Ute', bodyconfiguration: 'Single Cab Chassis', years: [2012, 2025], seats: 3, doors: 2, drive: '4WD', engine: 'd28t', tier: 'work', weight: 2, towing: 3500,
    badges: [['Workmate Single Cab Chassis', 79990], ['GXL Single Cab Chassis', 84990], ['GXL Double Cab Chassis', 89990]], series: [[2012, 'VDJ79R'], [2024, 'GDJ79R']] },
  { make: 'Toyota', model: 'HiLux', shape: 'ute', body: 'Ute', bodyconfiguration: 'Double Cab Pick Up', years: [2012, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd28t', tier: 'work', weight: 10, ancap: 5, towing: 3500,
    badges: [['Workmate 4x2', 38990, 'd24t', 'RWD'], ['SR 4x4', 55990], ['SR5 4x4', 66990], ['Rogue 4x4', 76990], ['Rugged X 4x4', 77990], ['GR Sport 4x4', 81990]], series: TOYOTA_SERIES_HILUX },
  { make: 'Toyota', model: 'HiAce', shape: 'van', body: 'Van', years: [2012, 2025], seats: 3, doors: 4, drive: 'RWD', engine: 'd28t', tier: 'work', weight: 3,
    badges: [['LWB Van', 52990], ['SLWB Van', 58990], ['SLWB Commuter', 78990]], series: [[2012, 'KDH201R'], [2019, 'GDH300R']] },
  { make: 'Toyota', model: 'GR86', shape: 'coupe', body: 'Coupe', years: [2022, 2025], seats: 4, doors: 2, drive: 'RWD', engine: 'p24', tier: 'performance', weight: 1, ancap: 5,
    badges: [['GT', 45990], ['GTS', 50990]], series: [[2022, 'ZN8']] },
  { make: 'Toyota', model: 'GR Supra', shape: 'coupe', body: 'Coupe', years: [2019, 2025], seats: 2, doors: 2, drive: 'RWD', engine: 'p30t6', tier: 'performance', weight: 1,
    badges: [['GT', 92990]], series: [[2019, 'DB42R']] },
  { make: 'Toyota', model: 'bZ4X', shape: 'suv', body: 'SUV', years: [2022, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'ev', tier: 'premium', weight: 1, ancap: 5,
    badges: [['FWD', 66990], ['AWD', 74990, 'evawd', 'AWD']], series: [[2022, 'XEAM10R']] },
  // Mazda
  { make: 'Mazda', model: 'Mazda2', shape: 'hatch', art: 'small-hatch', body: 'Hatchback', years: [2012, 2024], seats: 5, doors: 5, drive: 'FWD', engine: 'p15', tier: 'budget', weight: 3, ancap: 5,
    badges: [['G15 Pure', 25990], ['G15 Evolve', 28990], ['G15 GT', 31990]], series: [[2012, 'DE'], [2015, 'DJ']] },
  { make: 'Mazda', model: 'Mazda3', shape: 'hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 6, ancap: 5,
    badges: [['G20 Pure', 32990], ['G20 Evolve', 35990], ['G25 GT', 40990, 'p25'], ['G25 Astina', 45990, 'p25']], series: [[2012, 'BM'], [2019, 'BP']] },
  { make: 'Mazda', model: 'CX-3', shape: 'suv', body: 'SUV', years: [2015, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'budget', weight: 3, ancap: 5,
    badges: [['Neo Sport', 29990], ['Maxx Sport', 32990], ['Akari', 38990]], series: [[2015, 'DK']] },
  { make: 'Mazda', model: 'CX-30', shape: 'suv', body: 'SUV', years: [2019, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 3, ancap: 5,
    badges: [['G20 Pure', 35990], ['G20 Evolve', 38990], ['G25 Touring', 43990, 'p25'], ['G25 Astina AWD', 49990, 'p25', 'AWD']], series: [[2019, 'DM']] },
  { make: 'Mazda', model: 'CX-5', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 8, ancap: 5, towing: 1800,
    badges: [['Maxx', 37990], ['Maxx Sport', 41990], ['Touring AWD', 45990, 'p25', 'AWD'], ['GT SP AWD', 52990, 'p25', 'AWD'], ['Akera AWD', 57990, 'p25', 'AWD']], series: [[2012, 'KE'], [2017, 'KF']] },
  { make: 'Mazda', model: 'CX-9', shape: 'suv', body: 'SUV', years: [2012, 2023], seats: 7, doors: 5, drive: 'FWD', engine: 'p25', tier: 'premium', weight: 2, ancap: 5, towing: 2000,
    badges: [['Sport', 50990], ['Touring', 57990], ['GT AWD', 68990, 'p25', 'AWD'], ['Azami AWD', 74990, 'p25', 'AWD']], series: [[2012, 'TB'], [2016, 'TC']] },
  { make: 'Mazda', model: 'BT-50', shape: 'ute', body: 'Ute', bodyconfiguration: 'Dual Cab Pick-up', years: [2012, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd30t', tier: 'work', weight: 4, ancap: 5, towing: 3500,
    badges: [['XT 4x4', 52990], ['XTR 4x4', 60990], ['GT 4x4', 66990], ['Thunder 4x4', 73990]], series: [[2012, 'UP'], [2018, 'UR'], [2021, 'TF']] },
  { make: 'Mazda', model: 'MX-5', shape: 'convertible', body: 'Convertible', years: [2012, 2025], seats: 2, doors: 2, drive: 'RWD', engine: 'p20', tier: 'performance', weight: 1,
    badges: [['Roadster', 41990], ['Roadster GT', 46990], ['RF GT', 51990]], series: [[2012, 'NC'], [2015, 'ND']] },
  // Hyundai, Kia
  { make: 'Hyundai', model: 'i30', shape: 'hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 7, ancap: 5,
    badges: [['Active', 28990], ['Elite', 33990], ['N Line', 35990, 'p16'], ['N', 49990, 'p20tm']], series: [[2012, 'GD'], [2017, 'PD']] },
  { make: 'Hyundai', model: 'Kona', shape: 'suv', body: 'SUV', years: [2017, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 3, ancap: 5,
    badges: [['Active', 32990], ['Elite', 37990], ['Highlander', 43990], ['Electric Highlander', 62990, 'ev']], series: [[2017, 'OS'], [2023, 'SX2']] },
  { make: 'Hyundai', model: 'Tucson', shape: 'suv', body: 'SUV', years: [2015, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 6, ancap: 5, towing: 1650,
    badges: [['Active', 36990], ['Elite', 43990], ['Highlander AWD', 52990, 'd20bt', 'AWD'], ['Hybrid Elite', 48990, 'h16t']], series: [[2015, 'TL'], [2021, 'NX4']] },
  { make: 'Hyundai', model: 'Santa Fe', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 7, doors: 5, drive: 'AWD', engine: 'd22t', tier: 'premium', weight: 3, ancap: 5, towing: 2000,
    badges: [['Active', 52990], ['Elite', 60990], ['Highlander', 67990], ['Calligraphy Hybrid', 76990, 'h16t']], series: [[2012, 'DM'], [2018, 'TM'], [2024, 'MX5']] },
  { make: 'Hyundai', model: 'IONIQ 5', shape: 'suv', body: 'SUV', years: [2021, 2025], seats: 5, doors: 5, drive: 'RWD', engine: 'ev', tier: 'premium', weight: 1, ancap: 5,
    badges: [['Standard Range', 64990], ['Dynamiq', 72990], ['Epiq AWD', 82990, 'evawd', 'AWD']], series: [[2021, 'NE']] },
  { make: 'Hyundai', model: 'Staria Load', shape: 'van', body: 'Van', years: [2021, 2025], seats: 3, doors: 4, drive: 'RWD', engine: 'd22t', tier: 'work', weight: 1,
    badges: [['Crew Van', 55990], ['Van', 51990]], series: [[2021, 'US4']] },
  { make: 'Kia', model: 'Picanto', shape: 'hatch', art: 'small-hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p12', tier: 'budget', weight: 3, ancap: 4,
    badges: [['S', 19990], ['GT-Line', 22990]], series: [[2012, 'TA'], [2017, 'JA']] },
  { make: 'Kia', model: 'Cerato', shape: 'hatch', body: 'Hatchback', years: [2012, 2024], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 5, ancap: 5,
    badges: [['S', 28990], ['Sport', 31990], ['Sport+', 34990], ['GT', 39990, 'p16']], series: [[2012, 'YD'], [2018, 'BD']] },
  { make: 'Kia', model: 'Sportage', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'mid', weight: 6, ancap: 5, towing: 1900,
    badges: [['S', 37990], ['SX', 41990], ['SX+ AWD', 50990, 'd20bt', 'AWD'], ['GT-Line AWD', 58990, 'd20bt', 'AWD'], ['GT-Line Hybrid', 56990, 'h16t']], series: [[2012, 'SL'], [2016, 'QL'], [2022, 'NQ5']] },
  { make: 'Kia', model: 'Sorento', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 7, doors: 5, drive: 'AWD', engine: 'd22t', tier: 'premium', weight: 3, ancap: 5, towing: 2000,
    badges: [['S', 52990, 'p35v6', 'FWD'], ['Sport', 56990], ['GT-Line', 70990], ['GT-Line PHEV', 83990, 'phev15']], series: [[2012, 'XM'], [2015, 'UM'], [2020, 'MQ4']] },
  { make: 'Kia', model: 'Carnival', shape: 'van', body: 'People Mover', years: [2015, 2025], seats: 8, doors: 5, drive: 'FWD', engine: 'p35v6', tier: 'premium', weight: 2, ancap: 5,
    badges: [['S', 52990], ['Sport+', 61990, 'd22t'], ['Platinum', 71990, 'd22t'], ['Hybrid GT-Line', 79990, 'h16t']], series: [[2015, 'YP'], [2021, 'KA4']] },
  { make: 'Kia', model: 'EV6', shape: 'suv', body: 'SUV', years: [2022, 2025], seats: 5, doors: 5, drive: 'RWD', engine: 'ev', tier: 'premium', weight: 1, ancap: 5,
    badges: [['Air', 72990], ['GT-Line AWD', 87990, 'evawd', 'AWD']], series: [[2022, 'CV']] },
  // Ford, Holden
  { make: 'Ford', model: 'Ranger', shape: 'ute', body: 'Ute', bodyconfiguration: 'Double Cab Pick Up', years: [2012, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd20bt', tier: 'work', weight: 11, ancap: 5, towing: 3500,
    badges: [['XL 4x2', 40990, 'd22t', 'RWD'], ['XLS 4x4', 56990], ['XLT 4x4', 64990], ['Sport 4x4', 67990], ['Wildtrak 4x4', 74990, 'd30v6'], ['Raptor 4x4', 92990, 'p30t6'], ['PHEV Wildtrak', 82990, 'phev25']], series: [[2012, 'PX'], [2015, 'PX MkII'], [2018, 'PX MkIII'], [2022, 'PY']] },
  { make: 'Ford', model: 'Everest', shape: 'suv', art: '4wd', body: 'SUV', years: [2015, 2025], seats: 7, doors: 5, drive: '4WD', engine: 'd20bt', tier: 'premium', weight: 4, ancap: 5, towing: 3500,
    badges: [['Ambiente', 58990], ['Trend', 66990], ['Sport V6', 73990, 'd30v6'], ['Platinum V6', 82990, 'd30v6']], series: [[2015, 'UA'], [2018, 'UA II'], [2022, 'UB']] },
  { make: 'Ford', model: 'Mustang', shape: 'coupe', body: 'Coupe', years: [2016, 2025], seats: 4, doors: 2, drive: 'RWD', engine: 'p50v8', tier: 'performance', weight: 2,
    badges: [['GT Fastback', 72990], ['EcoBoost Fastback', 62990, 'p20t'], ['GT Convertible', 79990], ['Mach 1', 86990]], series: [[2016, 'FM'], [2018, 'FN'], [2024, 'S650']] },
  { make: 'Ford', model: 'Transit Custom', shape: 'van', body: 'Van', years: [2014, 2025], seats: 3, doors: 4, drive: 'FWD', engine: 'd20bt', tier: 'work', weight: 2,
    badges: [['340S SWB', 52990], ['340L LWB', 55990], ['Sport 320S', 64990]], series: [[2014, 'VN'], [2024, 'VO']] },
  { make: 'Ford', model: 'Falcon', shape: 'sedan', body: 'Sedan', years: [2012, 2016], seats: 5, doors: 4, drive: 'RWD', engine: 'p40i6', tier: 'mid', weight: 2,
    badges: [['XT', 38990], ['G6E', 46990], ['XR6', 44990], ['XR6 Turbo', 52990]], series: [[2012, 'FG MkII'], [2014, 'FG X']] },
  { make: 'Ford', model: 'Focus', shape: 'hatch', body: 'Hatchback', years: [2012, 2022], seats: 5, doors: 5, drive: 'FWD', engine: 'p15t', tier: 'mid', weight: 2, ancap: 5,
    badges: [['Trend', 29990], ['Titanium', 36990], ['ST', 46990, 'p20tm']], series: [[2012, 'LW'], [2015, 'LZ'], [2018, 'SA']] },
  { make: 'Holden', model: 'Commodore', shape: 'sedan', body: 'Sedan', years: [2012, 2020], seats: 5, doors: 4, drive: 'RWD', engine: 'p36v6', tier: 'mid', weight: 4,
    badges: [['Evoke', 39990], ['SV6', 44990], ['SS', 51990, 'p60v8'], ['SS-V Redline', 58990, 'p60v8'], ['Calais', 51990]], series: [[2012, 'VE II'], [2013, 'VF'], [2015, 'VF II'], [2018, 'ZB']] },
  { make: 'Holden', model: 'Commodore Sportwagon', shape: 'wagon', body: 'Wagon', years: [2012, 2017], seats: 5, doors: 5, drive: 'RWD', engine: 'p36v6', tier: 'mid', weight: 1,
    badges: [['Evoke', 42990], ['SV6', 46990], ['SS-V', 56990, 'p60v8']], series: [[2012, 'VE II'], [2013, 'VF'], [2015, 'VF II']] },
  { make: 'Holden', model: 'Colorado', shape: 'ute', body: 'Ute', bodyconfiguration: 'Crew Cab Pickup', years: [2012, 2020], seats: 5, doors: 4, drive: '4WD', engine: 'd28t', tier: 'work', weight: 4, towing: 3500,
    badges: [['LS', 47990], ['LTZ', 55990], ['Z71', 59990]], series: [[2012, 'RG'], [2016, 'RG MY17']] },
  { make: 'Holden', model: 'Cruze', shape: 'sedan', body: 'Sedan', years: [2012, 2016], seats: 5, doors: 4, drive: 'FWD', engine: 'p18', tier: 'budget', weight: 2,
    badges: [['Equipe', 23990], ['SRi', 27990, 'p16']], series: [[2012, 'JH']] },
  // Mitsubishi, Nissan, Subaru
  { make: 'Mitsubishi', model: 'Triton', shape: 'ute', body: 'Ute', bodyconfiguration: 'Double Cab Pick Up', years: [2012, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd24t', tier: 'work', weight: 6, ancap: 5, towing: 3100,
    badges: [['GLX 4x4', 46990], ['GLX+ 4x4', 50990], ['GLS 4x4', 56990], ['GSR 4x4', 61990]], series: [[2012, 'MN'], [2015, 'MQ'], [2019, 'MR'], [2024, 'MV']] },
  { make: 'Mitsubishi', model: 'Outlander', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 7, doors: 5, drive: 'FWD', engine: 'p25cvt', tier: 'mid', weight: 5, ancap: 5, towing: 1600,
    badges: [['ES', 38990], ['LS', 43990], ['Aspire AWD', 49990, 'p25cvt', 'AWD'], ['Exceed PHEV', 66990, 'phev24', 'AWD']], series: [[2012, 'ZJ'], [2015, 'ZK'], [2021, 'ZM']] },
  { make: 'Mitsubishi', model: 'ASX', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p20', tier: 'budget', weight: 4, ancap: 5,
    badges: [['ES', 29990], ['LS', 32990], ['Exceed', 36990]], series: [[2012, 'XB'], [2017, 'XC'], [2020, 'XD']] },
  { make: 'Mitsubishi', model: 'Pajero Sport', shape: 'suv', art: '4wd', body: 'SUV', years: [2015, 2025], seats: 7, doors: 5, drive: '4WD', engine: 'd24t', tier: 'mid', weight: 2, ancap: 5, towing: 3100,
    badges: [['GLX', 52990], ['GLS', 57990], ['Exceed', 62990]], series: [[2015, 'QE'], [2020, 'QF']] },
  { make: 'Nissan', model: 'Navara', shape: 'ute', body: 'Ute', bodyconfiguration: 'Dual Cab Pick Up', years: [2012, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd24t', tier: 'work', weight: 5, ancap: 5, towing: 3500,
    badges: [['SL', 49990], ['ST', 55990], ['ST-X', 62990], ['PRO-4X', 68990]], series: [[2012, 'D40'], [2015, 'D23']] },
  { make: 'Nissan', model: 'X-Trail', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p25cvt', tier: 'mid', weight: 5, ancap: 5, towing: 1650,
    badges: [['ST', 39990], ['ST-L', 45990], ['Ti AWD', 54990, 'p25cvt', 'AWD'], ['Ti-L e-POWER e-4ORCE', 64990, 'h15', 'AWD']], series: [[2012, 'T31'], [2014, 'T32'], [2022, 'T33']] },
  { make: 'Nissan', model: 'Patrol', shape: 'suv', art: '4wd', body: 'SUV', years: [2013, 2025], seats: 8, doors: 5, drive: '4WD', engine: 'p50v8', tier: 'premium', weight: 2, towing: 3500,
    badges: [['Ti', 92990], ['Ti-L', 102990], ['Warrior', 106990]], series: [[2013, 'Y62']] },
  { make: 'Nissan', model: 'LEAF', shape: 'hatch', body: 'Hatchback', years: [2019, 2024], seats: 5, doors: 5, drive: 'FWD', engine: 'ev', tier: 'mid', weight: 1, ancap: 5,
    badges: [['40kWh', 53990], ['e+', 63990]], series: [[2019, 'ZE1']] },
  { make: 'Subaru', model: 'Forester', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'AWD', engine: 'p25cvt', tier: 'mid', weight: 5, ancap: 5, towing: 1800,
    badges: [['2.5i', 40990], ['2.5i-L', 44990], ['2.5i-S', 50990], ['Hybrid L', 48990, 'h20'], ['Hybrid S', 53990, 'h20']], series: [[2012, 'SJ'], [2018, 'SK'], [2025, 'SL']] },
  { make: 'Subaru', model: 'Outback', shape: 'wagon', body: 'Wagon', years: [2012, 2025], seats: 5, doors: 5, drive: 'AWD', engine: 'p25cvt', tier: 'mid', weight: 4, ancap: 5, towing: 2000,
    badges: [['AWD', 46990], ['AWD Sport', 51990], ['AWD Touring', 56990]], series: [[2012, 'BR'], [2015, 'BS'], [2021, 'BT']] },
  { make: 'Subaru', model: 'WRX', shape: 'sedan', body: 'Sedan', years: [2014, 2025], seats: 5, doors: 4, drive: 'AWD', engine: 'p20tm', tier: 'performance', weight: 2, ancap: 5,
    badges: [['AWD', 50990], ['Premium', 55990], ['STI', 62990]], series: [[2014, 'VA'], [2022, 'VB']] },
  // Volkswagen, Isuzu, Honda, Suzuki
  { make: 'Volkswagen', model: 'Golf', shape: 'hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15t', tier: 'mid', weight: 5, ancap: 5,
    badges: [['110TSI Life', 38990], ['110TSI R-Line', 43990], ['GTI', 58990, 'p20t'], ['R', 72990, 'p20t', 'AWD']], series: [[2012, 'Mk6'], [2013, 'Mk7'], [2017, 'Mk7.5'], [2021, 'Mk8']] },
  { make: 'Volkswagen', model: 'Amarok', shape: 'ute', body: 'Ute', bodyconfiguration: 'Dual Cab Utility', years: [2012, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd20bt', tier: 'work', weight: 3, ancap: 5, towing: 3500,
    badges: [['Core', 58990], ['Style', 66990], ['Aventura V6', 83990, 'd30v6']], series: [[2012, '2H'], [2023, 'NH']] },
  { make: 'Volkswagen', model: 'Passat', shape: 'wagon', body: 'Wagon', years: [2012, 2023], seats: 5, doors: 5, drive: 'FWD', engine: 'p20t', tier: 'premium', weight: 1, ancap: 5,
    badges: [['140TSI Business Wagon', 50990], ['206TSI R-Line Wagon', 65990, 'p20t', 'AWD']], series: [[2012, 'B7'], [2015, 'B8']] },
  { make: 'Isuzu', model: 'D-MAX', shape: 'ute', body: 'Ute', bodyconfiguration: 'Crew Cab Ute', years: [2012, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd30t', tier: 'work', weight: 7, ancap: 5, towing: 3500,
    badges: [['SX 4x2', 39990, 'd19t', 'RWD'], ['LS-M 4x4', 56990], ['LS-U 4x4', 61990], ['X-Terrain 4x4', 69990]], series: [[2012, 'TF'], [2020, 'RG']] },
  { make: 'Isuzu', model: 'MU-X', shape: 'suv', art: '4wd', body: 'SUV', years: [2013, 2025], seats: 7, doors: 5, drive: '4WD', engine: 'd30t', tier: 'mid', weight: 4, ancap: 5, towing: 3500,
    badges: [['LS-M', 55990], ['LS-U', 60990], ['LS-T', 67990]], series: [[2013, 'UC'], [2021, 'RJ']] },
  { make: 'Honda', model: 'CR-V', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15t', tier: 'mid', weight: 4, ancap: 5, towing: 1500,
    badges: [['VTi', 42990], ['VTi L AWD', 51990, 'p15t', 'AWD'], ['e:HEV RS', 63990, 'h20', 'AWD']], series: [[2012, 'RM'], [2017, 'RW'], [2023, 'RS']] },
  { make: 'Honda', model: 'Civic', shape: 'hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15t', tier: 'mid', weight: 3, ancap: 5,
    badges: [['VTi-S', 33990, 'p18'], ['VTi-LX', 41990], ['RS', 38990], ['Type R', 74990, 'p20tm']], series: [[2012, 'FB'], [2016, 'FK'], [2022, 'FL']] },
  { make: 'Suzuki', model: 'Swift', shape: 'hatch', art: 'small-hatch', body: 'Hatchback', years: [2012, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p12', tier: 'budget', weight: 5, ancap: 4,
    badges: [['GL', 22990], ['GLX Turbo', 27990, 'p10t3'], ['Sport', 32990, 'p15t']], series: [[2012, 'FZ'], [2017, 'AZ'], [2024, 'AZH']] },
  { make: 'Suzuki', model: 'Jimny', shape: 'suv', art: '4wd', body: 'SUV', years: [2018, 2025], seats: 4, doors: 3, drive: '4WD', engine: 'p15', tier: 'budget', weight: 2, ancap: 3,
    badges: [['GLX', 34990], ['XL', 38990]], series: [[2018, 'GJ']] },
  { make: 'Suzuki', model: 'Vitara', shape: 'suv', body: 'SUV', years: [2015, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p16', tier: 'budget', weight: 2, ancap: 5,
    badges: [['2WD', 30990], ['Turbo', 35990, 'p15t'], ['Turbo ALLGRIP', 39990, 'p15t', 'AWD']], series: [[2015, 'LY']] },
  // Chinese and EV makers
  { make: 'MG', model: 'ZS', shape: 'suv', body: 'SUV', years: [2018, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15', tier: 'budget', weight: 5, ancap: 5,
    badges: [['Excite', 25990], ['Essence', 29990], ['EV Excite', 42990, 'ev'], ['Hybrid+ Essence', 34990, 'h15']], series: [[2018, 'AZS1']] },
  { make: 'MG', model: 'MG3', shape: 'hatch', art: 'small-hatch', body: 'Hatchback', years: [2013, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15', tier: 'budget', weight: 3, ancap: 3,
    badges: [['Core', 21990], ['Excite', 23990], ['Hybrid+ Excite', 28990, 'h15']], series: [[2013, 'SZP1']] },
  { make: 'MG', model: 'MG4', shape: 'hatch', body: 'Hatchback', years: [2023, 2025], seats: 5, doors: 5, drive: 'RWD', engine: 'ev', tier: 'mid', weight: 2, ancap: 5,
    badges: [['Excite 51', 38990], ['Essence 64', 46990], ['XPOWER', 60990, 'evawd', 'AWD']], series: [[2023, 'EH32']] },
  { make: 'MG', model: 'HS', shape: 'suv', body: 'SUV', years: [2019, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15t', tier: 'mid', weight: 2, ancap: 5,
    badges: [['Vibe', 32990], ['Excite', 36990], ['Essence', 41990], ['Plus EV Essence', 49990, 'phev15']], series: [[2019, 'SAS23']] },
  { make: 'GWM', model: 'Ute Cannon', shape: 'ute', body: 'Ute', bodyconfiguration: 'Dual Cab Pick-up', years: [2021, 2025], seats: 5, doors: 4, drive: '4WD', engine: 'd24t', tier: 'work', weight: 3, ancap: 5, towing: 3000,
    badges: [['4x4', 38990], ['L 4x4', 42990], ['X 4x4', 46990], ['Alpha Lux', 56990]], series: [[2021, 'NPW']] },
  { make: 'GWM', model: 'Haval Jolion', shape: 'suv', body: 'SUV', years: [2021, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'p15t', tier: 'budget', weight: 3, ancap: 5,
    badges: [['Premium', 28990], ['Lux', 31990], ['Ultra Hybrid', 38990, 'h15']], series: [[2021, 'A01']] },
  { make: 'Tesla', model: 'Model 3', shape: 'sedan', body: 'Sedan', years: [2019, 2025], seats: 5, doors: 4, drive: 'RWD', engine: 'ev', tier: 'premium', weight: 4, ancap: 5,
    badges: [['Rear-Wheel Drive', 58990], ['Long Range AWD', 71990, 'evawd', 'AWD'], ['Performance AWD', 82990, 'evawd', 'AWD']], series: [[2019, 'MY19'], [2021, 'MY21'], [2024, 'Highland']] },
  { make: 'Tesla', model: 'Model Y', shape: 'suv', art: 'coupe-suv', body: 'SUV', years: [2022, 2025], seats: 5, doors: 5, drive: 'RWD', engine: 'ev', tier: 'premium', weight: 4, ancap: 5,
    badges: [['Rear-Wheel Drive', 61990], ['Long Range AWD', 74990, 'evawd', 'AWD'], ['Performance AWD', 85990, 'evawd', 'AWD']], series: [[2022, 'MY22'], [2025, 'Juniper']] },
  { make: 'BYD', model: 'ATTO 3', shape: 'suv', body: 'SUV', years: [2022, 2025], seats: 5, doors: 5, drive: 'FWD', engine: 'ev', tier: 'mid', weight: 3, ancap: 5,
    badges: [['Standard Range', 48990], ['Extended Range', 51990]], series: [[2022, 'MY22']] },
  { make: 'BYD', model: 'SEAL', shape: 'sedan', body: 'Sedan', years: [2023, 2025], seats: 5, doors: 4, drive: 'RWD', engine: 'ev', tier: 'premium', weight: 2, ancap: 5,
    badges: [['Dynamic', 52990], ['Premium', 60990], ['Performance AWD', 72990, 'evawd', 'AWD']], series: [[2023, 'EX01']] },
  // Prestige
  { make: 'BMW', model: '3 Series', shape: 'sedan', body: 'Sedan', years: [2012, 2025], seats: 5, doors: 4, drive: 'RWD', engine: 'p20t', tier: 'premium', weight: 3, ancap: 5,
    badges: [['320i', 72990], ['330i M Sport', 84990], ['M340i xDrive', 109990, 'p30t6', 'AWD'], ['330e M Sport', 87990, 'phev25']], series: [[2012, 'F30'], [2019, 'G20']] },
  { make: 'BMW', model: 'X5', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'AWD', engine: 'd30v6', tier: 'premium', weight: 2, ancap: 5, towing: 3500,
    badges: [['xDrive30d', 128990], ['xDrive40i M Sport', 138990, 'p30t6'], ['xDrive50e', 149990, 'phev25']], series: [[2012, 'E70'], [2014, 'F15'], [2019, 'G05']] },
  { make: 'BMW', model: 'Z4', shape: 'convertible', body: 'Convertible', years: [2012, 2025], seats: 2, doors: 2, drive: 'RWD', engine: 'p20t', tier: 'performance', weight: 1,
    badges: [['sDrive20i', 92990], ['M40i', 135990, 'p30t6']], series: [[2012, 'E89'], [2019, 'G29']] },
  { make: 'Mercedes-Benz', model: 'C-Class', shape: 'sedan', body: 'Sedan', years: [2012, 2025], seats: 5, doors: 4, drive: 'RWD', engine: 'p20t', tier: 'premium', weight: 3, ancap: 5,
    badges: [['C200', 79990], ['C300', 91990], ['C43 AMG 4MATIC', 135990, 'p20t', 'AWD']], series: [[2012, 'W204'], [2014, 'W205'], [2021, 'W206']] },
  { make: 'Mercedes-Benz', model: 'GLC', shape: 'suv', body: 'SUV', years: [2016, 2025], seats: 5, doors: 5, drive: 'AWD', engine: 'p20t', tier: 'premium', weight: 2, ancap: 5, towing: 2500,
    badges: [['GLC 200', 84990], ['GLC 300 4MATIC', 98990], ['GLC 300e 4MATIC', 111990, 'phev25']], series: [[2016, 'X253'], [2023, 'X254']] },
  { make: 'Mercedes-Benz', model: 'Sprinter', shape: 'van', body: 'Van', years: [2012, 2025], seats: 3, doors: 4, drive: 'RWD', engine: 'd20bt', tier: 'work', weight: 1,
    badges: [['316 CDI MWB', 69990], ['319 CDI LWB', 79990]], series: [[2012, 'NCV3'], [2018, 'VS30']] },
  { make: 'Audi', model: 'Q5', shape: 'suv', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: 'AWD', engine: 'p20t', tier: 'premium', weight: 2, ancap: 5, towing: 2400,
    badges: [['40 TDI quattro', 79990, 'd20bt'], ['45 TFSI quattro S line', 89990], ['SQ5 TDI', 121990, 'd30v6']], series: [[2012, '8R'], [2017, 'FY']] },
  { make: 'Audi', model: 'A4', shape: 'wagon', body: 'Wagon', years: [2012, 2024], seats: 5, doors: 5, drive: 'FWD', engine: 'p20t', tier: 'premium', weight: 1, ancap: 5,
    badges: [['35 TFSI Avant', 69990], ['45 TFSI quattro Avant S line', 84990, 'p20t', 'AWD'], ['allroad 45 TFSI quattro', 86990, 'p20t', 'AWD']], series: [[2012, 'B8'], [2016, 'B9']] },
  { make: 'Porsche', model: '911', shape: 'coupe', body: 'Coupe', years: [2012, 2025], seats: 4, doors: 2, drive: 'RWD', engine: 'p30t6', tier: 'performance', weight: 1,
    badges: [['Carrera', 268990], ['Carrera S', 318990], ['Carrera 4S Cabriolet', 358990, 'p30t6', 'AWD']], series: [[2012, '991'], [2019, '992']] },
  { make: 'Jeep', model: 'Wrangler', shape: 'suv', art: '4wd', body: 'SUV', years: [2012, 2025], seats: 5, doors: 5, drive: '4WD', engine: 'p36v6', tier: 'mid', weight: 1, ancap: 3, towing: 2495,
    badges: [['Unlimited Sport', 72990], ['Unlimited Rubicon', 89990]], series: [[2012, 'JK'], [2018, 'JL']] },
  // Light trucks and motorcycles (a used group sells a few)
  { make: 'Isuzu', model: 'NPR', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Cab Chassis', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd52truck', tier: 'work', weight: 1,
    badges: [['45-155 AMT Tray', 79990], ['75-190 Pantech', 104990]], series: [[2014, 'N Series']] },
  { make: 'Hino', model: '300 Series', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Cab Chassis', years: [2013, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd40truck', tier: 'work', weight: 1,
    badges: [['616 Auto Tipper', 84990], ['617 Wide Cab Tray', 89990]], series: [[2013, 'XZU']] },
  { make: 'Fuso', model: 'Canter', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Cab Chassis', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd30truck', tier: 'work', weight: 1,
    badges: [['515 Wide Cab Tray', 76990], ['815 Wide Cab Pantech', 92990]], series: [[2014, 'FEB'], [2021, 'FEB Next Gen']] },
];

/** Motorcycles: sold in small numbers by the used group (item_type 'motorcycle'). */
export const MOTORCYCLES: ModelSpec[] = [
  { make: 'Yamaha', model: 'MT-07', shape: 'motorcycle', body: 'Naked', years: [2014, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm700', tier: 'performance', weight: 1,
    badges: [['LAMS', 11999], ['Standard', 12499]] },
  { make: 'Kawasaki', model: 'Z650', shape: 'motorcycle', body: 'Naked', years: [2017, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm650', tier: 'performance', weight: 1,
    badges: [['LAMS', 11499], ['RS', 13999]] },
  { make: 'Harley-Davidson', model: 'Street Bob', shape: 'motorcycle', body: 'Cruiser', years: [2018, 2025], seats: 2, doors: 0, drive: 'Belt', engine: 'm1750', tier: 'premium', weight: 1,
    badges: [['114', 31995]] },
];

/** Paint colours: [feed colour name, image family]. */
export const PAINTS: Record<string, [string, string][]> = {
  Toyota: [['Glacier White', 'white'], ['Crystal Pearl', 'white'], ['Silver Pearl', 'silver'], ['Graphite', 'grey'], ['Eclipse Black', 'black'], ['Feverish Red', 'red'], ['Saturn Blue', 'blue'], ['Oxide Bronze', 'bronze'], ['Eclectic Green', 'green'], ['Frosted White', 'white']],
  Mazda: [['Snowflake White Pearl', 'white'], ['Soul Red Crystal', 'red'], ['Machine Grey', 'grey'], ['Jet Black', 'black'], ['Deep Crystal Blue', 'blue'], ['Sonic Silver', 'silver'], ['Polymetal Grey', 'grey'], ['Platinum Quartz', 'silver']],
  Ford: [['Arctic White', 'white'], ['Shadow Black', 'black'], ['Aluminium', 'silver'], ['Meteor Grey', 'grey'], ['Blue Lightning', 'blue'], ['True Red', 'red'], ['Conquer Grey', 'grey'], ['Luxe Yellow', 'yellow'], ['Cyber Orange', 'orange']],
  Hyundai: [['Polar White', 'white'], ['Phantom Black', 'black'], ['Typhoon Silver', 'silver'], ['Amazon Grey', 'grey'], ['Intense Blue', 'blue'], ['Fiery Red', 'red'], ['Gravity Gold', 'gold']],
  Kia: [['Clear White', 'white'], ['Snow White Pearl', 'white'], ['Aurora Black', 'black'], ['Steel Grey', 'grey'], ['Gravity Blue', 'blue'], ['Runway Red', 'red'], ['Interstellar Grey', 'grey']],
  default: [['White', 'white'], ['Black', 'black'], ['Silver', 'silver'], ['Grey', 'grey'], ['Blue', 'blue'], ['Red', 'red'], ['Dark Blue', 'blue'], ['Green', 'green'], ['Brown', 'brown'], ['Orange', 'orange'], ['Gold', 'gold'], ['Beige', 'beige'], ['Purple', 'purple']],
};

/** Weights of paint families in Australian stock (white dominates). */
export const FAMILY_WEIGHTS: Record<string, number> = { white: 34, silver: 12, grey: 14, black: 12, blue: 10, red: 7, green: 2, orange: 1.5, yellow: 1, brown: 1.5, beige: 1, gold: 1.5, purple: 0.5, bronze: 1 };

export const INTERIOR_COLOURS = ['Black Cloth', 'Black Leather', 'Charcoal Cloth', 'Grey Cloth', 'Black Leather-Accented', 'Tan Leather', 'Cream Leather', 'Black/Red Sports Trim', 'Burgundy Leather'];

/** Standard equipment pools by tier; the generator picks a subset. */
export const EQUIPMENT: Record<ModelSpec['tier'] | 'common' | 'ev' | 'offroad', string[]> = {
  common: ['Air Conditioning', 'Power Steering', 'Power Windows', 'Central Locking - Remote/Keyless', 'Cruise Control', 'Bluetooth Connectivity', 'USB Charging Port', 'Reversing Camera', 'Airbags - Driver and Passenger', 'Curtain Airbags', 'ABS (Antilock Brakes)', 'Electronic Stability Control', 'Traction Control', 'Hill Start Assist', 'Tyre Pressure Monitor', 'Trip Computer', 'Multi-function Steering Wheel', 'Daytime Running Lamps', 'ISOFIX Child Seat Anchorages', 'Autonomous Emergency Braking'],
  budget: ['Apple CarPlay', 'Android Auto', '7 Inch Touchscreen', 'Steel Wheels 15"', 'Cloth Trim', 'Halogen Headlamps', 'Lane Departure Warning'],
  mid: ['Apple CarPlay - Wireless', 'Android Auto', '8 Inch Touchscreen', 'Alloy Wheels 17"', 'Dual Zone Climate Control', 'Satellite Navigation', 'Blind Spot Monitor', 'Rear Cross Traffic Alert', 'Adaptive Cruise Control', 'Lane Keep Assist', 'LED Headlamps', 'Keyless Start', 'Front Parking Sensors', 'Rear Parking Sensors', 'Heated Front Seats', 'Wireless Phone Charger', 'Digital Radio (DAB+)', 'Rain Sensing Wipers', 'Auto Dimming Rear View Mirror', 'Power Tailgate'],
  premium: ['Leather Upholstery', 'Power Front Seats', 'Heated and Ventilated Front Seats', 'Panoramic Sunroof', '360 Degree Camera', 'Head Up Display', 'Premium Sound System', 'Alloy Wheels 20"', 'Tri-Zone Climate Control', 'Memory Seats', 'Adaptive LED Headlamps', 'Hands-free Power Tailgate', 'Ambient Interior Lighting', '12.3 Inch Digital Instrument Cluster', 'Rear Privacy Glass', 'Third Row Seating'],
  work: ['Tow Bar', 'Rubber Floor Mats', 'Tub Liner', 'Side Steps', 'Rear Differential Lock', 'Hill Descent Control', 'Trailer Sway Control', 'Vinyl Floor Covering', '4x4 Low Range', 'Bash Plate', '12V Accessory Sockets', 'Cargo Tie-down Points'],
  performance: ['Sports Suspension', 'Limited Slip Differential', 'Sports Seats', 'Paddle Shifters', 'Brembo Brakes', 'Drive Mode Selector', 'Alloy Wheels 19"', 'Sports Exhaust', 'Launch Control', 'Performance Tyres'],
  ev: ['DC Fast Charging', 'Type 2 AC Charging', 'Regenerative Braking', 'Heat Pump', 'Vehicle-to-Load (V2L)', 'Charging Cable', 'One Pedal Driving'],
  bike: ['ABS (Antilock Brakes)', 'Traction Control', 'Ride Modes', 'Quickshifter', 'Cruise Control', 'TFT Colour Display', 'Bluetooth Connectivity', 'LED Headlight', 'Slipper Clutch', 'Heated Grips', 'Hand Guards', 'Centre Stand', 'Pannier Mounts', 'Adjustable Windscreen', 'Keyless Ignition', 'USB Charging Port', 'Cornering ABS', 'Adjustable Suspension', 'Tyre Pressure Monitor', 'Under-seat Storage'],
  truck: ['Air Conditioning', 'Power Windows', 'Bluetooth Connectivity', 'Reversing Camera', 'Exhaust Brake', 'Driver Airbag', 'ABS (Antilock Brakes)', 'Electronic Stability Control', 'Autonomous Emergency Braking', 'Lane Departure Warning', 'Cruise Control', 'Tow Hitch', 'Tail Lift', 'Air Suspension Seat', 'Fleet Telematics', 'Side Under-run Protection', 'Ladder Rack', 'Load Restraint Rails', 'Beacon Light', 'Dual Rear Wheels'],
  offroad: ['Snorkel', 'Bull Bar', 'Long Range Fuel Tank', 'LED Light Bar', 'All Terrain Tyres', 'UHF Radio', 'Dual Battery System'],
};
