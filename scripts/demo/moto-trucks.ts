/**
 * Catalogue of the motorcycle-and-truck dealer (issue 14 item 8): road, adventure, trail and
 * scooter bikes (item_type 'motorcycle', engine size in cc) and light to medium trucks
 * (item_type 'truck', GVM and braked towing per model). Approximate Australian new prices.
 */
import type { ModelSpec } from './vehicles.ts';

/** Bikes: `drive` is the final drive (Chain, Belt, Shaft); seats 2, no doors. */
export const BIKES: ModelSpec[] = [
  { make: 'Yamaha', model: 'MT-07', shape: 'motorcycle', body: 'Naked', years: [2014, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm700', tier: 'bike', weight: 4, badges: [['LAMS', 11999], ['Standard', 12499]] },
  { make: 'Yamaha', model: 'Tenere 700', shape: 'motorcycle', body: 'Adventure', years: [2019, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm700', tier: 'bike', weight: 3, badges: [['Standard', 18999], ['World Raid', 23999]] },
  { make: 'Yamaha', model: 'NMAX', shape: 'motorcycle', body: 'Scooter', years: [2018, 2025], seats: 2, doors: 0, drive: 'Belt', engine: 'm300cvt', tier: 'bike', weight: 2, badges: [['155', 4999]] },
  { make: 'Honda', model: 'CRF300L', shape: 'motorcycle', body: 'Trail', years: [2021, 2025], seats: 1, doors: 0, drive: 'Chain', engine: 'm300', tier: 'bike', weight: 3, badges: [['Standard', 8999], ['Rally', 10999]] },
  { make: 'Honda', model: 'Africa Twin', shape: 'motorcycle', body: 'Adventure', years: [2016, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm1100', tier: 'bike', weight: 2, badges: [['Manual', 24999], ['Adventure Sports DCT', 29999]] },
  { make: 'Honda', model: 'CB650R', shape: 'motorcycle', body: 'Naked', years: [2019, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm650', tier: 'bike', weight: 2, badges: [['LAMS', 13999], ['E-Clutch', 14999]] },
  { make: 'Kawasaki', model: 'Ninja 400', shape: 'motorcycle', body: 'Sport', years: [2018, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm390', tier: 'bike', weight: 3, badges: [['LAMS', 8599], ['KRT Edition', 8899]] },
  { make: 'Kawasaki', model: 'Z650', shape: 'motorcycle', body: 'Naked', years: [2017, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm650', tier: 'bike', weight: 2, badges: [['LAMS', 11499], ['RS', 13999]] },
  { make: 'Kawasaki', model: 'Versys 650', shape: 'motorcycle', body: 'Touring', years: [2015, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm650', tier: 'bike', weight: 2, badges: [['LAMS', 13499], ['Tourer', 15499]] },
  { make: 'KTM', model: '390 Duke', shape: 'motorcycle', body: 'Naked', years: [2017, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm390', tier: 'bike', weight: 2, badges: [['LAMS', 9495]] },
  { make: 'KTM', model: '890 Adventure', shape: 'motorcycle', body: 'Adventure', years: [2021, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm890', tier: 'bike', weight: 1, badges: [['Standard', 22995], ['R', 25995]] },
  { make: 'Triumph', model: 'Street Triple', shape: 'motorcycle', body: 'Naked', years: [2017, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm765', tier: 'bike', weight: 1, badges: [['R', 17990], ['RS', 21990]] },
  { make: 'BMW', model: 'R 1250 GS', shape: 'motorcycle', body: 'Adventure', years: [2019, 2024], seats: 2, doors: 0, drive: 'Shaft', engine: 'm1250', tier: 'bike', weight: 1, badges: [['Standard', 32990], ['Adventure', 36990]] },
  { make: 'Royal Enfield', model: 'Classic 350', shape: 'motorcycle', body: 'Cruiser', years: [2021, 2025], seats: 2, doors: 0, drive: 'Chain', engine: 'm350', tier: 'bike', weight: 2, badges: [['LAMS', 7490]] },
  { make: 'Harley-Davidson', model: 'Street Bob', shape: 'motorcycle', body: 'Cruiser', years: [2018, 2025], seats: 2, doors: 0, drive: 'Belt', engine: 'm1750', tier: 'bike', weight: 1, badges: [['114', 31995]] },
];

/** Trucks: simple_body Light Truck (GVM up to 8 t) or Medium Truck; bodyconfiguration is the build. */
export const TRUCKS: ModelSpec[] = [
  { make: 'Isuzu', model: 'NLR', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Cab Chassis Tray', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd30truck', tier: 'truck', weight: 3, gvm: 4500, towing: 3500,
    badges: [['45-150 AMT Tray', 68990], ['45-150 Traypack', 72990]], series: [[2014, 'N Series']] },
  { make: 'Isuzu', model: 'NPR', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Pantech', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd52truck', tier: 'truck', weight: 3, gvm: 7500, towing: 3500,
    badges: [['75-190 Pantech', 104990], ['75-190 Refrigerated', 119990]], series: [[2014, 'N Series']] },
  { make: 'Isuzu', model: 'FRR', shape: 'light-truck', body: 'Medium Truck', bodyconfiguration: 'Tautliner', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd52truck', tier: 'truck', weight: 2, gvm: 11000, towing: 4500,
    badges: [['110-260 Tautliner', 139990]], series: [[2014, 'F Series']] },
  { make: 'Hino', model: '300 Series', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Tipper', years: [2013, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd40truck', tier: 'truck', weight: 3, gvm: 5500, towing: 3500,
    badges: [['616 Auto Tipper', 84990], ['617 Wide Cab Tray', 89990]], series: [[2013, 'XZU']] },
  { make: 'Hino', model: '500 Series', shape: 'light-truck', body: 'Medium Truck', bodyconfiguration: 'Cab Chassis Tray', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd77truck', tier: 'truck', weight: 1, gvm: 11000, towing: 4500,
    badges: [['FC 1124 Tray', 149990], ['FD 1128 Pantech', 169990]] },
  { make: 'Fuso', model: 'Canter', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Cab Chassis Tray', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd30truckm', tier: 'truck', weight: 3, gvm: 4495, towing: 3500,
    badges: [['515 Wide Cab Tray', 76990], ['615 Wide Cab Tipper', 86990]], series: [[2014, 'FEB'], [2021, 'FEB Next Gen']] },
  { make: 'Fuso', model: 'Fighter', shape: 'light-truck', body: 'Medium Truck', bodyconfiguration: 'Tautliner', years: [2014, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd77truck', tier: 'truck', weight: 1, gvm: 12000, towing: 4500,
    badges: [['1224 Tautliner', 154990]] },
  { make: 'Iveco', model: 'Daily', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Cab Chassis Tray', years: [2015, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd30truck', tier: 'truck', weight: 2, gvm: 7000, towing: 3500,
    badges: [['70C21 Tray', 99990]] },
  { make: 'UD', model: 'Croner', shape: 'light-truck', body: 'Medium Truck', bodyconfiguration: 'Refrigerated Pantech', years: [2016, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'd80truck', tier: 'truck', weight: 1, gvm: 16000, towing: 5000,
    badges: [['PKE 250 Refrigerated', 189990]] },
];

/** The electric truck: forced into the stock so the electric example exists. */
export const ELECTRIC_TRUCK: ModelSpec = { make: 'Fuso', model: 'eCanter', shape: 'light-truck', body: 'Light Truck', bodyconfiguration: 'Pantech', years: [2023, 2025], seats: 3, doors: 2, drive: 'RWD', engine: 'evtruck', tier: 'truck', weight: 1, gvm: 6000, towing: 3500,
  badges: [['615 Pantech', 149990]], series: [[2023, 'Next Gen']] };
