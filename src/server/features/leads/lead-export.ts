/**
 * CSV export of a tenant's leads (scripts/export-leads.ts). RFC 4180 quoting, and cells
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed with an
 * apostrophe: lead fields are typed by the public.
 */
import type { StoredLead } from '../../leads/row.ts';

/** Columns of the export, in order. */
export const LEAD_CSV_COLUMNS = [
  'lead_id',
  'created_at',
  'updated_at',
  'revision',
  'category',
  'subcategory',
  'form_completed',
  'offer_accepted',
  'name',
  'email',
  'phone',
  'postcode',
  'car_id',
  'dealership_slug',
  'message',
  'url',
  'source',
  'values_json',
] as const;

/** One CSV cell, quoted when needed and defused against formula injection. */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line. */
export function leadCsvHeader(): string {
  return `${LEAD_CSV_COLUMNS.join(',')}\r\n`;
}

/** One lead as a CSV line. */
export function leadCsvRow(lead: StoredLead): string {
  const data = lead.data;
  const cells = [
    lead.id,
    new Date(lead.created_at).toISOString(),
    new Date(lead.updated_at).toISOString(),
    lead.revision,
    lead.category,
    lead.subcategory,
    lead.form_completed,
    lead.offer_accepted,
    lead.name,
    lead.email,
    lead.phone,
    data.postcode,
    lead.car_id,
    lead.dealership_slug,
    data.message ?? data.Comments,
    data.url,
    data.source,
    data,
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}
