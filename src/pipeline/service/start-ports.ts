/**
 * npm start's ports (scripts/start.ts), checked before anything is built or written: a second
 * npm start in the same checkout stops there, in one line, instead of running its first
 * publishing pass into the first one's sites folder and failing on the port afterwards.
 */
import { createServer } from 'node:net';
import type { Environment } from '../../config/env.ts';
import { pipelineSettings } from '../../config/pipeline.ts';
import { localServerAddress } from '../../config/server.ts';

/** A port npm start listens on once its first publish is done, and the setting that chooses another. */
export interface StartPort {
  name: string;
  host: string;
  port: number;
  setting: string;
}

/** The sites and lead API's port (localServerAddress, as scripts/serve.ts listens), the pipeline's webhook port, and its operator port when it has one. Throws ConfigError on a bad pipeline setting. */
export function startPorts(env: Environment): StartPort[] {
  const settings = pipelineSettings(env);
  const ports: StartPort[] = [];
  const local = localServerAddress(env);
  const sitesPort = Number(local.PORT);
  // A PORT that is no port is said by the lead API's own settings check.
  if (Number.isInteger(sitesPort) && sitesPort >= 1 && sitesPort <= 65535)
    ports.push({ name: 'sites and lead API port', host: local.HOST, port: sitesPort, setting: 'PORT' });
  ports.push({ name: "pipeline's webhook port", host: settings.host, port: settings.port, setting: 'PIPELINE_PORT' });
  // Port 0 is any free one: never in use.
  if (settings.operatorPort)
    ports.push({ name: "pipeline's operator page port", host: settings.operatorHost, port: settings.operatorPort, setting: 'PIPELINE_OPERATOR_PORT' });
  return ports;
}

/** The error of listening on the port now (the port is let go at once), or undefined when it can be had. */
function tryListen(host: string, port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => done(error));
    server.listen({ host, port, exclusive: true }, () => server.close(() => done(undefined)));
  });
}

/** One line naming the first port that cannot be had and the setting that chooses another, or undefined when every one can. */
export async function unavailablePort(ports: readonly StartPort[]): Promise<string | undefined> {
  for (const { name, host, port, setting } of ports) {
    const error = await tryListen(host, port);
    if (!error) continue;
    const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    const cause =
      error.code === 'EADDRINUSE'
        ? 'is in use (is another npm start or pipeline running?): stop it, or'
        : `cannot be listened on (${error.code ?? error.message}):`;
    return `npm start: the ${name} ${where} ${cause} choose another port with ${setting}; nothing was built`;
  }
  return undefined;
}
