/** Small line icons for the §9 body types (decorative: the button text names the body). */
import type { BodyIcon as BodyIconName } from '../../lib/range/models.ts';

const SHAPES: Record<string, string> = {
  sedan: 'M3 15h26v-3l-4-1-4-4H11l-4 4-4 1z',
  hatch: 'M3 15h26v-3l-3-1-5-5H9l-3 5-3 1z',
  suv: 'M3 15h26v-4l-3-1-3-4H8l-2 4-3 1z',
  ute: 'M3 15h26v-4H17V6H9l-3 5-3 1z',
  van: 'M3 15h26V6H9L3 11z',
  truck: 'M3 15h26v-3h-8V5H3z',
  coupe: 'M3 15h26v-2l-5-2-5-4h-7l-5 4-4 1z',
  convertible: 'M3 15h26v-3l-6-1-3-2h-4l-2 2-8 1z',
  bus: 'M3 15h26V4H3z',
  ev: 'M17 2 8 14h7l-2 8 9-12h-7z',
  motorcycle: 'M9 16l4-6h7l3 6M11 10h5m4 0 2-4h3',
  caravan: 'M4 14h22V5H4zM26 13h5M8 8h6v3H8z',
};
const ICON_SHAPE: Record<BodyIconName, keyof typeof SHAPES> = {
  '4x4': 'suv', bus: 'bus', cabChassis: 'ute', convertible: 'convertible', coupe: 'coupe', ev: 'ev', hardtop: 'coupe', hatch: 'hatch',
  hatchback: 'hatch', motorhome: 'bus', lightTruck: 'truck', peopleMover: 'van', prestige: 'sedan', sedan: 'sedan', softtop: 'convertible',
  suv: 'suv', ute: 'ute', van: 'van', wagon: 'hatch', stationWagon: 'hatch', motorcycle: 'motorcycle', caravan: 'caravan',
};

export default function BodyIcon({ icon }: { icon: BodyIconName }) {
  return (
    <svg className="body-icon" data-icon={icon} viewBox="0 0 32 20" width="40" height="25" aria-hidden="true" focusable="false">
      <path d={SHAPES[ICON_SHAPE[icon]]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      {icon === 'motorcycle' && (
        <>
          <circle cx="9" cy="15" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="23" cy="15" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </>
      )}
      {icon === 'caravan' && <circle cx="15" cy="16" r="2.5" fill="currentColor" />}
      {icon !== 'ev' && icon !== 'motorcycle' && icon !== 'caravan' && (
        <>
          <circle cx="9" cy="16" r="2.5" fill="currentColor" />
          <circle cx="23" cy="16" r="2.5" fill="currentColor" />
        </>
      )}
    </svg>
  );
}
