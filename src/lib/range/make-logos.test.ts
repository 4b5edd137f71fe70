import { describe, expect, it } from 'vitest';
import { logosOfMakes, makeLogos, wordmarkLines } from './make-logos.ts';

describe('2.97: make tiles show the manufacturer’s logo where the tenant gives one, else a wordmark badge', () => {
  it('logos come from the models data’s manufacturers and the brands file, by make, never from a group brand', () => {
    const logos = makeLogos([
      { name: 'Mazda', logo: '/brands/mazda.svg' },
      { name: 'Toyota' },
      { name: 'Mercedes-Benz', logo: 'https://cdn.example.com/mb.svg', type: 'car' },
      { name: 'Mazda', logo: '/other.svg' },
      { name: 'Sunstate Cars', logo: '/group.svg', type: 'group' },
      { name: 'Kia', logo: '  ' },
    ]);
    expect(logosOfMakes(logos, ['MAZDA', 'Toyota', 'Mercedes-Benz', 'Sunstate Cars', 'Kia'])).toEqual({
      MAZDA: '/brands/mazda.svg',
      'Mercedes-Benz': 'https://cdn.example.com/mb.svg',
    });
  });

  it('a wordmark is the name in capitals, on two even lines when it is long and has several words', () => {
    expect(
      ['Toyota', 'KTM', 'Volkswagen', 'Harley-Davidson', 'Lotus Caravans', 'Royal Enfield', 'Mercedes-Benz', 'MV Agusta', 'Great Wall Motors'].map(
        wordmarkLines,
      ),
    ).toEqual([
      ['TOYOTA'],
      ['KTM'],
      ['VOLKSWAGEN'],
      ['HARLEY-', 'DAVIDSON'],
      ['LOTUS', 'CARAVANS'],
      ['ROYAL', 'ENFIELD'],
      ['MERCEDES-', 'BENZ'],
      ['MV AGUSTA'],
      ['GREAT WALL', 'MOTORS'],
    ]);
  });
});
