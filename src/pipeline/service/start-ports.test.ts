/** npm start's ports are checked before its first publishing pass: a second npm start stops before it builds or writes anything. */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startPorts, unavailablePort } from './start-ports.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A port held by another listener, as a first npm start holds its own. */
async function heldPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

/**
 * Ports nothing listens on, `count` of them, distinct: all held at once, then let go together (one held and let go
 * before the next was asked for may come back as that next one, the system reusing a port just freed).
 */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let index = 0; index < count; index += 1) ports.push(await heldPort());
  await Promise.all(servers.splice(-count).map((server) => new Promise((done) => server.close(done))));
  return ports;
}

describe('npm start: its ports before its first publish', () => {
  it("names the sites' port, the pipeline's webhook port and its operator port only when it has one", () => {
    expect(startPorts({})).toEqual([
      { name: 'sites and lead API port', host: '127.0.0.1', port: 4321, setting: 'PORT' },
      { name: "pipeline's webhook port", host: '127.0.0.1', port: 4322, setting: 'PIPELINE_PORT' },
    ]);
    expect(
      startPorts({ PORT: '8080', HOST: 'localhost', PIPELINE_PORT: '9090', PIPELINE_OPERATOR_PORT: '9091' }).map(({ host, port }) => `${host}:${port}`),
    ).toEqual(['localhost:8080', '127.0.0.1:9090', '127.0.0.1:9091']);
    expect(startPorts({ PIPELINE_OPERATOR_PORT: '0' })).toHaveLength(2);
  });

  // Fault: an empty PORT was read as port 0 and the sites' port went unchecked, while npm run serve listened on 8787.
  it('an empty PORT or HOST is unset: the port npm run serve listens on (localServerAddress) is checked', () => {
    expect(startPorts({ PORT: '', HOST: '' })[0]).toEqual({ name: 'sites and lead API port', host: '127.0.0.1', port: 4321, setting: 'PORT' });
  });

  it('a port another npm start holds is refused in one line naming it and its setting', async () => {
    const sites = await heldPort();
    // The pipeline's port is held before the free one is let go, so the system cannot hand the free one out again for it.
    const pipeline = await heldPort();
    const [webhook] = await freePorts(1);
    const line = await unavailablePort(startPorts({ PORT: String(sites), PIPELINE_PORT: String(webhook) }));
    expect(line).toBe(
      `npm start: the sites and lead API port 127.0.0.1:${sites} is in use (is another npm start or pipeline running?): stop it, or choose another port with PORT; nothing was built`,
    );
    expect(await unavailablePort(startPorts({ PORT: String(webhook), PIPELINE_PORT: String(pipeline) }))).toContain(
      `the pipeline's webhook port 127.0.0.1:${pipeline} is in use`,
    );
  });

  it('free ports pass, and are free again after the check', async () => {
    const [sites, webhook] = await freePorts(2);
    expect(await unavailablePort(startPorts({ PORT: String(sites), PIPELINE_PORT: String(webhook) }))).toBeUndefined();
    const again = createServer();
    servers.push(again);
    await new Promise<void>((done, fail) => again.once('error', fail).listen(sites, '127.0.0.1', done));
  });
});
