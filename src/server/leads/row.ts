/**
 * A stored lead as every reader sees it: the row's columns (`LEAD_COLUMNS`, in the leads
 * table's order) and their mapping to `StoredLead`. The writer (write.ts), the repository,
 * the export and the delivery formats share this one shape.
 */

/** A stored lead. `data` is the validated submission (form values and attributes). */
export interface StoredLead {
  id: string;
  tenant: string;
  category: string;
  subcategory: string | null;
  car_id: string | null;
  dealership_slug: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  form_completed: boolean;
  offer_accepted: boolean;
  revision: number;
  data: Record<string, unknown>;
  created_at: number;
  updated_at: number;
  /** The signed-in shopper (user id) whose post a gate of the site let through first (its first post, or a later step), else null: see leadOpenTo. */
  shopper: string | null;
}

export const LEAD_COLUMNS = 'id, tenant, category, subcategory, car_id, dealership_slug, name, email, phone, form_completed, offer_accepted, revision, data, created_at, updated_at, shopper';

/**
 * Whether a request of `shopper` (the signed-in shopper's user id, undefined when none) may name
 * `lead` (a later step, a reservation, data about it): a lead that recorded a shopper is that
 * shopper's only, and is answered to anyone else as a lead not stored (docs/lead-api.md "Gated
 * families"); a lead that recorded none is open as its family's gate says.
 */
export const leadOpenTo = (lead: Pick<StoredLead, 'shopper'>, shopper: string | undefined): boolean => lead.shopper === null || lead.shopper === shopper;

/** A leads row (selected with LEAD_COLUMNS) as a StoredLead. */
export function leadFromRow(row: Record<string, unknown>): StoredLead {
  return {
    id: String(row.id),
    tenant: String(row.tenant),
    category: String(row.category),
    subcategory: (row.subcategory as string | null) ?? null,
    car_id: (row.car_id as string | null) ?? null,
    dealership_slug: (row.dealership_slug as string | null) ?? null,
    name: (row.name as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
    form_completed: Number(row.form_completed) === 1,
    offer_accepted: Number(row.offer_accepted) === 1,
    revision: Number(row.revision),
    data: JSON.parse(String(row.data)) as Record<string, unknown>,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    shopper: (row.shopper as string | null) ?? null,
  };
}
