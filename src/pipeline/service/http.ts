/**
 * The pipeline's HTTP servers: the feed webhook (internet-facing) with the operator page
 * (/status) on it, or the operator page on a port of its own so it is not on the internet-facing
 * port. Slow-loris bounds on both: headers within 5 s, a whole request within 60 s, checked
 * every second (the webhook also cuts a body below its minimum pace).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { IntakeResult } from '../intake/inbox.ts';
import { createWebhookHandler, type PushOutcome, type WebhookOptions } from '../intake/webhook.ts';
import type { Logger } from '../log.ts';
import { handleOperatorRequest, isOperatorPath, type OperatorContext } from './operator.ts';

export interface HttpOptions {
  webhookPort: number;
  webhookHost: string;
  /** The operator page's own port (0: any free one); undefined: on the webhook port. */
  operatorPort?: number;
  operatorHost: string;
  webhook: Omit<WebhookOptions, 'log'>;
  operator: OperatorContext;
  log: Logger;
}

export interface RunningHttp {
  /** Webhook URL base, e.g. http://127.0.0.1:4322. */
  webhookUrl?: string;
  /** Operator page URL base when it has a port of its own. */
  operatorUrl?: string;
  close(): Promise<void>;
}

/** The webhook's answer to a push the intake handled: accepted, held for an operator, or rejected. */
export function pushOutcome(result: IntakeResult): PushOutcome {
  if (result.held)
    return {
      status: 202,
      body: { accepted: false, held: result.held.id, reason: result.reason, records: result.read, valid: result.valid, problems: result.problems },
    };
  if (!result.accepted) return { status: 400, body: { error: result.reason, problems: result.problems } };
  return { status: 202, body: { accepted: true, records: result.read, valid: result.valid, problems: result.problems } };
}

/** Timeouts of both servers (ms); Node checks them every `connectionsCheckingInterval`. */
const TIMEOUTS = { headersTimeout: 5_000, requestTimeout: 60_000, connectionsCheckingInterval: 1_000 };

function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer(TIMEOUTS, handler);
}

/** A port the pipeline cannot listen on: a setting to change, not a fault a restart mends. */
export class ListenError extends Error {}

/**
 * Listen; the URL base (an IPv6 host in brackets when `bracket`). A port that cannot be had
 * (in use, not allowed) rejects with one line naming it and the setting that chooses another.
 */
async function listen(server: Server, port: number, host: string, bracket: boolean, what: { name: string; setting: string }): Promise<string | undefined> {
  await new Promise<void>((done, fail) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
      const cause =
        error.code === 'EADDRINUSE'
          ? 'is in use (is another npm start or pipeline running?): stop it, or'
          : `cannot be listened on (${error.code ?? error.message}):`;
      fail(new ListenError(`the pipeline's ${what.name} ${where} ${cause} choose another port with ${what.setting}`));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      done();
    });
  });
  const address = server.address();
  return address && typeof address === 'object' ? `http://${bracket && host.includes(':') ? `[${host}]` : host}:${address.port}` : undefined;
}

const closeServer = (server: Server | undefined) => new Promise<void>((done) => (server ? server.close(() => done()) : done()));

/** Start the webhook server (and the operator server when it has a port of its own). */
export async function startHttpServers(options: HttpOptions): Promise<RunningHttp> {
  const { log } = options;
  const webhook = createWebhookHandler({ ...options.webhook, log });
  const serveOperator = (req: IncomingMessage, res: ServerResponse) =>
    handleOperatorRequest(req, res, options.operator).catch((error) => {
      // A malformed operator URL (bad percent-encoding) is the sender's error, not ours.
      const malformed = error instanceof URIError || error instanceof TypeError;
      if (!malformed) log({ level: 'error', event: 'operator', reason: String(error) });
      if (!res.headersSent) res.writeHead(malformed ? 400 : 500).end();
    });
  const server = serve((req, res) => {
    if (options.operatorPort === undefined && isOperatorPath(req.url)) return void serveOperator(req, res);
    webhook(req, res);
  });
  let operatorServer: Server | undefined;
  let operatorUrl: string | undefined;
  if (options.operatorPort !== undefined) {
    operatorServer = serve((req, res) => {
      if (isOperatorPath(req.url)) return void serveOperator(req, res);
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'not found: this port serves only /status' }));
    });
    operatorUrl = await listen(operatorServer, options.operatorPort, options.operatorHost, true, {
      name: 'operator page port',
      setting: 'PIPELINE_OPERATOR_PORT',
    });
    log({ event: 'operator-listening', url: operatorUrl });
  }
  const webhookUrl = await listen(server, options.webhookPort, options.webhookHost, false, { name: 'webhook port', setting: 'PIPELINE_PORT or --port' }).catch(
    async (error: Error) => {
      await closeServer(operatorServer);
      throw error;
    },
  );
  log({ event: 'webhook-listening', url: webhookUrl });
  return {
    webhookUrl,
    operatorUrl,
    async close() {
      await closeServer(server);
      await closeServer(operatorServer);
    },
  };
}
