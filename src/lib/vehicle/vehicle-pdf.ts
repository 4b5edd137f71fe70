/**
 * A vehicle's one-page PDF summary (spec §4 "PDF", §7 "PDF fetch by car slug"): title, price,
 * key facts, dealer comments and the dealer's contact details, as a plain PDF 1.4 file with the
 * standard Helvetica fonts (no font files, no dependencies). Pure: values in, bytes out.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { formatKm, formatPhone } from '../text/format.ts';
import { headlineLine, headlinePrice, priceOptions } from './price.ts';

/** A heading and the lines under it. */
export interface PdfSection {
  heading?: string;
  lines: string[];
}

export interface VehiclePdfContent {
  title: string;
  subtitle?: string;
  sections: PdfSection[];
  footer?: string;
}

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 50;

/** Text a standard PDF font can show: Latin-1 only, with PDF string delimiters escaped. */
export function pdfText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

/** Wrap text to lines of at most `width` characters, on word boundaries. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
      while (line.length > width) {
        lines.push(line.slice(0, width));
        line = line.slice(width);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The PDF file for the content (one A4 page; text that does not fit is cut with an ellipsis line). */
export function vehiclePdf(content: VehiclePdfContent): Uint8Array {
  const ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  const write = (text: string, font: 'F1' | 'F2', size: number, gap: number) => {
    ops.push(`BT /${font} ${size} Tf ${MARGIN} ${y} Td (${pdfText(text)}) Tj ET`);
    y -= gap;
  };
  write(content.title, 'F2', 18, 24);
  if (content.subtitle) write(content.subtitle, 'F1', 13, 22);
  for (const section of content.sections) {
    if (y < MARGIN + 60) break;
    y -= 8;
    if (section.heading) write(section.heading, 'F2', 12, 17);
    for (const line of section.lines.flatMap((text) => wrapText(text, 95))) {
      if (y < MARGIN + 40) {
        write('...', 'F1', 10, 14);
        break;
      }
      write(line, 'F1', 10, 14);
    }
  }
  if (content.footer) {
    y = MARGIN;
    write(content.footer, 'F1', 8, 10);
  }
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/** The PDF content of a car on a site: what the print page shows, in short. */
export function vehiclePdfContent(car: Car, site: Site): VehiclePdfContent {
  // The vehicle page's headline: a subscription where the site offers one, else the drive-away total when the feed gives one (ACL s48).
  const price = headlinePrice(car, priceOptions(site));
  const available = car.status === 'in_stock' || car.status === 'coming_soon';
  const facts: [string, string | number | null | undefined][] = [
    ['Condition', car.car_type === 'new' ? 'New' : car.car_type === 'demo' ? 'Demo' : 'Used'],
    ['Odometer', formatKm(car.km)],
    ['Transmission', car.simple_transmission],
    ['Body', car.simple_body],
    ['Fuel', car.simple_fuel],
    ['Drive', car.drive],
    ['Colour', car.colour],
    ['Seats', car.seats],
    ['VIN', car.vin],
    ['Stock number', car.stocknum],
  ];
  const phone = formatPhone(car.location?.phone ?? site.phone);
  return {
    title: car.name,
    subtitle: available ? headlineLine(price) : 'Sold',
    sections: [
      { heading: 'Key information', lines: facts.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([label, value]) => `${label}: ${value}`) },
      ...(car.dealercomments?.trim() ? [{ heading: site.texts.dealer_comments, lines: [car.dealercomments.trim()] }] : []),
      ...(car.standardEquipment?.length ? [{ heading: 'Features', lines: [car.standardEquipment.slice(0, 30).join(', ')] }] : []),
      { heading: site.name, lines: [[car.location?.name, car.location?.address ?? site.address].filter(Boolean).join(', '), `Phone ${phone}`, new URL(`/cars/${car.slug}`, site.url).href] },
    ],
    footer: 'Prices and details are provided in good faith and may change without notice. Please confirm with our sales team before purchase.',
  };
}
