/**
 * Lead delivery through the outbox (DESIGN §6): a worker leases due jobs from the deliveries
 * table, sends each lead (JSON or ADF/XML by webhook; by e-mail, text with the ADF or JSON
 * attached) and records the outcome, retrying with exponential back-off; a permanent refusal
 * or the last attempt dead-letters the job (logged, counted on /api/health, revived by
 * `npm run outbox -- retry`). Every send carries the job's Idempotency-Key; webhook bodies are
 * signed over "<timestamp>.<body>" (X-Signature-Timestamp, X-Signature: sha256=HMAC) so a
 * receiver can refuse replays. Webhook URLs are tenant-authored: they go through the
 * outbound-address policy (src/platform/net/outbound.ts; no loopback, private or link-local
 * address in any form, checked on the literal host, every DNS answer and the connected peer),
 * and in production must be https; a refused URL is a permanent failure, never a request.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { environment } from '../../config/env.ts';
import { DELIVERY_DEFAULTS } from '../../config/server-settings.ts';
import { guardPeer, literalRefusal, outboundRequestOptions, type OutboundPolicy } from '../../platform/net/outbound.ts';
import { groupQueue } from '../../lib/batch/group-queue.ts';
import { SPIN_LEAD_CATEGORY } from '../../schemas/api/spin-to-win.ts';
import { ENQUIRY_CATEGORIES } from '../../schemas/forms/enquiry.ts';
import { oneLine } from '../../schemas/forms/fields.ts';
import { LEAD_CATEGORIES } from '../../schemas/lead.ts';
import type { KernelAdapters, MailAttachment } from '../kernel/adapters.ts';
import type { KernelStores } from '../kernel/stores.ts';
import type { TenantRegistry } from '../kernel/tenants.ts';
import type { Destination } from '../../schemas/lead-delivery.ts';
import { leadEmailText } from './lead-email.ts';
import { leadAdf, leadDocument, type LeadMarketing } from './formats.ts';
import type { DeliveryJob, StoredLead } from './repository.ts';

type EmailDestination = Extract<Destination, { type: 'email' }>;
type WebhookDestination = Extract<Destination, { type: 'webhook' }>;
import { optOutContacts } from './unsubscribe.ts';

/** Outbox worker settings. */
export interface OutboxOptions {
  /** Run the worker in this process. Default DELIVERY_DEFAULTS (src/config/server-settings.ts), as every setting left out here. */
  enabled?: boolean;
  /** First retry delay; doubles per attempt. */
  baseDelayMs?: number;
  /** Longest retry delay. */
  maxDelayMs?: number;
  /** How often to look for due jobs when idle (other processes may add some). */
  pollMs?: number;
  /** Jobs claimed per round. */
  batchSize?: number;
  /** How long a claimed job is reserved for this worker. */
  leaseMs?: number;
  /** Attempts before a job goes to the dead-letter state: enough for a dealer system down for hours to lose nothing. */
  maxAttempts?: number;
  /** Environment to read webhook secrets from. Default the process environment (src/config/env.ts). */
  env?: Record<string, string | undefined>;
  /** Webhooks may reach loopback and private addresses (LEAD_DELIVERY_ALLOW_PRIVATE: local receivers only; refused in production). */
  allowPrivate?: boolean;
  /** Private addresses allowed one by one, exactly as connected to (tests' local receivers). */
  allowAddresses?: readonly string[];
  /** Webhook URLs must be https (production). */
  requireHttps?: boolean;
  /** Signs links to trade-in photos for the delivered lead (set by createApp). */
  photoLink?: (tenant: string, photoId: string) => string | undefined;
  /** The signed unsubscribe link of a lead's contact. Set by createApp. */
  unsubscribeLink?: (tenant: string, leadId: string) => string | undefined;
}

/** Logger subset the worker uses (Fastify's logger fits). */
interface WorkerLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** A send that must not be retried (the receiver refused the lead itself, e.g. HTTP 400/401/404/422). */
export class PermanentDeliveryError extends Error {}

/** Delay before retry number `attempts` (1-based), with +-20% jitter so failed jobs do not retry in lockstep. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + random() * 0.4));
}

export class Outbox {
  private readonly store: Pick<KernelStores, 'leads' | 'outbox' | 'optOuts' | 'evaluations'>;
  private readonly tenants: TenantRegistry;
  private readonly adapters: KernelAdapters;
  private readonly log: WorkerLog;
  private readonly options: Required<Omit<OutboxOptions, 'env' | 'photoLink' | 'unsubscribeLink' | 'allowPrivate' | 'allowAddresses' | 'requireHttps'>> & {
    env: Record<string, string | undefined>;
    outbound: OutboundPolicy;
    requireHttps: boolean;
    photoLink?: OutboxOptions['photoLink'];
    unsubscribeLink?: OutboxOptions['unsubscribeLink'];
  };
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private again = false;

  constructor(
    store: Pick<KernelStores, 'leads' | 'outbox' | 'optOuts' | 'evaluations'>,
    tenants: TenantRegistry,
    adapters: KernelAdapters,
    log: WorkerLog,
    options: OutboxOptions = {},
    now: () => number = Date.now,
  ) {
    this.store = store;
    this.tenants = tenants;
    this.adapters = adapters;
    this.log = log;
    this.now = now;
    this.options = {
      enabled: options.enabled ?? DELIVERY_DEFAULTS.enabled,
      baseDelayMs: options.baseDelayMs ?? DELIVERY_DEFAULTS.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DELIVERY_DEFAULTS.maxDelayMs,
      pollMs: options.pollMs ?? DELIVERY_DEFAULTS.pollMs,
      batchSize: options.batchSize ?? DELIVERY_DEFAULTS.batchSize,
      leaseMs: options.leaseMs ?? DELIVERY_DEFAULTS.leaseMs,
      maxAttempts: options.maxAttempts ?? DELIVERY_DEFAULTS.maxAttempts,
      env: options.env ?? environment(),
      outbound: { allowPrivate: options.allowPrivate ?? false, allowAddresses: options.allowAddresses ?? [] },
      requireHttps: options.requireHttps ?? false,
      photoLink: options.photoLink,
      unsubscribeLink: options.unsubscribeLink,
    };
  }

  /** Start the background loop (no-op when disabled). */
  start(): void {
    if (!this.options.enabled || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stop the loop and wait for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** A lead was just stored: send without waiting for the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.loop().finally(() => {
        this.running = undefined;
      });
    }, delay);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    let next = this.options.pollMs;
    try {
      let sent = 0;
      do {
        this.again = false;
        sent = await this.runOnce();
      } while ((sent >= this.options.batchSize || this.again) && !this.stopped);
      const due = await this.store.outbox.nextDeliveryDue();
      if (due !== undefined) next = Math.max(0, Math.min(next, due - this.now()));
    } catch (error) {
      this.log.warn({ err: { message: (error as Error).message } }, 'outbox round failed');
    }
    this.schedule(next);
  }

  /**
   * Outcomes waiting to be recorded: the first is written at once, those that come in while a
   * write runs go together in the next (one statement, one commit for many
   * jobs). A crash can repeat a send only while its outcome waits, about one write long.
   */
  private readonly outcomes = groupQueue(
    async (items: { delivered?: string; failed?: { id: string; error: string; nextAttemptAt: number; dead?: boolean } }[]) => {
      await this.store.outbox.recordDeliveryOutcomes(
        items.flatMap((item) => (item.delivered ? [item.delivered] : [])),
        items.flatMap((item) => (item.failed ? [item.failed] : [])),
        this.now(),
      );
      return items.map(() => undefined);
    },
    500,
  );

  /**
   * One round: claim due jobs, send them, record each outcome as soon as it is known (grouped
   * with the outcomes that arrive while a record is being written); resolves to the number
   * of jobs handled. The opt-outs of the round's contacts are read in one query.
   */
  async runOnce(): Promise<number> {
    const jobs = await this.store.outbox.claimDeliveries(this.now(), this.options.batchSize, this.options.leaseMs);
    const leads = await this.store.leads.leadsForDelivery(jobs);
    const contacts = jobs.map((job) => {
      const lead = leads.get(job.lead_id);
      return { tenant: job.tenant, contacts: lead && lead.tenant === job.tenant ? optOutContacts(lead.email, lead.phone) : [] };
    });
    const optedOut = await this.store.optOuts.optedOutAtMany(contacts);
    const resends = await this.store.outbox.resends(jobs);
    await Promise.all(
      jobs.map(async (job, index) => {
        const failure = await this.deliver(job, leads.get(job.lead_id), optedOut[index], resends.has(job.id));
        if (failure === undefined) {
          await this.outcomes.push({ delivered: job.id });
          return;
        }
        const attempts = job.attempts + 1;
        const dead = failure.permanent || attempts >= this.options.maxAttempts;
        if (dead) {
          this.log.error(
            { tenant: job.tenant, lead: job.lead_id, destination: job.destination, attempts, error: failure.message },
            `lead delivery dead-lettered (${failure.permanent ? 'permanent refusal' : 'attempts used up'}); retry with: npm run outbox -- retry --tenant ${job.tenant}`,
          );
        }
        await this.outcomes.push({
          failed: {
            id: job.id,
            error: failure.message,
            dead,
            nextAttemptAt: this.now() + retryDelay(attempts, this.options.baseDelayMs, this.options.maxDelayMs),
          },
        });
      }),
    );
    return jobs.length;
  }

  /** Send one job; resolves to undefined when delivered, else the error and whether retrying can help. */
  private async deliver(
    job: DeliveryJob,
    lead: StoredLead | undefined,
    optedOutAt: number | undefined,
    resend: boolean,
  ): Promise<{ message: string; permanent: boolean } | undefined> {
    const tenant = this.tenants.get(job.tenant);
    const destination = tenant?.destinations.find((entry) => entry.id === job.destination);
    try {
      if (!destination) throw new Error(`destination ${job.destination} is not configured for ${job.tenant}`);
      if (!lead || lead.tenant !== job.tenant) throw new Error('lead not found');
      const car = lead.car_id ? tenant?.carsById.get(lead.car_id) : undefined;
      const json = destination.format === 'json';
      const evalid = typeof lead.data.evalid === 'string' ? lead.data.evalid : undefined;
      const evaluation = evalid ? await this.store.evaluations.get(job.tenant, evalid) : undefined;
      const photos =
        evaluation && evaluation.image_count > 0 && this.options.photoLink
          ? (await this.store.evaluations.images(job.tenant, evaluation.id))
              .map((image) => this.options.photoLink!(job.tenant, image.id))
              .filter((link): link is string => link !== undefined)
          : [];
      // An unsubscribed contact's lead still reaches the dealer, marked not for marketing.
      const marketing: LeadMarketing = {
        unsubscribe_url: this.options.unsubscribeLink?.(job.tenant, lead.id),
        opted_out_at: optedOutAt,
      };
      const body = json
        ? JSON.stringify(leadDocument(lead, tenant, car, evaluation, photos, marketing))
        : leadAdf(lead, tenant, car, evaluation, photos, marketing);
      const contentType = json ? 'application/json' : 'application/xml';
      if (destination.type === 'email') {
        // A salesperson reads the text; the ADF (or JSON) is attached for a CRM that reads e-mail.
        const text = leadEmailText(lead, tenant, car, evaluation, photos, marketing, json ? 'JSON' : 'ADF/XML');
        await this.mail(destination, job, leadSubject(lead.category, tenant?.site.name ?? job.tenant, resend), text, {
          filename: `lead-${lead.id}.${json ? 'json' : 'xml'}`,
          contentType,
          content: body,
        });
      } else await this.send(destination, job, body, contentType);
      this.log.info({ lead: job.lead_id, destination: job.destination, attempts: job.attempts + 1 }, 'lead delivered');
      return undefined;
    } catch (error) {
      const message = (error as Error).message;
      this.log.warn({ lead: job.lead_id, destination: job.destination, attempts: job.attempts + 1, error: message }, 'lead delivery failed');
      return { message, permanent: error instanceof PermanentDeliveryError };
    }
  }

  private async mail(destination: EmailDestination, job: DeliveryJob, subject: string, text: string, attachment: MailAttachment): Promise<void> {
    await this.adapters.mail.send({
      tenant: job.tenant,
      to: destination.to,
      subject,
      body: text,
      contentType: 'text/plain; charset=utf-8',
      attachments: [attachment],
    });
  }

  private async send(destination: WebhookDestination, job: DeliveryJob, body: string, contentType: string): Promise<void> {
    const url = new URL(destination.url);
    if (this.options.requireHttps && url.protocol !== 'https:')
      throw new PermanentDeliveryError(`refused: ${url.protocol} webhook URL (production delivers leads over https only)`);
    const refusal = literalRefusal(url, this.options.outbound);
    if (refusal) throw new PermanentDeliveryError(refusal);
    const headers: Record<string, string> = {
      'content-type': contentType,
      'idempotency-key': job.idempotency_key,
      'x-lead-id': job.lead_id,
      'user-agent': 'dealer-sites-lead-api',
    };
    const secret = destination.secret_env ? this.options.env[destination.secret_env] : undefined;
    if (secret) {
      const timestamp = String(Math.floor(this.now() / 1000));
      headers['x-signature-timestamp'] = timestamp;
      headers['x-signature'] = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    }
    const status = await postBody(url, headers, body, destination.timeout_ms, this.options.outbound).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EPRIVATE' ? new PermanentDeliveryError(error.message) : error;
    });
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) throw new PermanentDeliveryError(`webhook refused the lead: HTTP ${status}`);
    if (status < 200 || status >= 300) throw new Error(`webhook answered HTTP ${status}`);
  }
}

/**
 * The categories a subject may name: the forms' own lists (the lead forms', the enquiry form's
 * select, Spin to Win's) and the payments module's. outbox.test.ts checks every category literal
 * the forms and modules send against it.
 */
const SUBJECT_CATEGORIES: readonly string[] = [
  ...new Set([...LEAD_CATEGORIES, ...ENQUIRY_CATEGORIES, SPIN_LEAD_CATEGORY, 'Online Payment', 'Invoice Payment', 'Vehicle Enquiry']),
];

/**
 * The lead e-mail's subject: "New lead", or "Updated lead" for a lead sent before (`resend`:
 * paid, refunded, offer accepted), then the category only when it is one the platform sends
 * (SUBJECT_CATEGORIES, matched without regard to case), else "Other enquiry"; the shopper's own
 * text (which may hold CR/LF) never reaches a mail header, and the site name is one line (oneLine).
 */
export function leadSubject(category: string, tenantName: string, resend = false): string {
  const known = SUBJECT_CATEGORIES.find((entry) => entry.toLowerCase() === category.trim().toLowerCase()) ?? 'Other enquiry';
  return `${resend ? 'Updated' : 'New'} lead: ${known} (${oneLine(tenantName).slice(0, 80)})`;
}

// Keep-alive agents: a busy dealer CRM gets a few reused connections, not one per lead.
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 32 }), https: new https.Agent({ keepAlive: true, maxSockets: 32 }) };

/** POST a body and resolve to the response status (node:http: lighter than fetch on a hot path), within the outbound policy. */
function postBody(url: URL, headers: Record<string, string>, body: string, timeoutMs: number, policy: OutboundPolicy): Promise<number> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...outboundRequestOptions(policy),
      },
      (response) => {
        // Drain the body so the connection is reused.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    // The address actually connected to is judged too (a reused keep-alive socket included).
    guardPeer(request, policy);
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`webhook timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
