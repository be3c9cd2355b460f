import { connect, createServer, type Server, type Socket } from 'node:net';

/** One proxied connection: the client's socket and the database's, or none while partitioned. */
interface Link {
  client: Socket;
  upstream: Socket | undefined;
  /** Bytes are dropped both ways, as by a partition. */
  cut: boolean;
}

/**
 * A loopback TCP proxy to a real database that a test can cut and restore: the database outage is real network
 * behaviour (refused connections, dropped sockets, reset connections, partitions that drop or hold every byte),
 * without stopping the database other tests share.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly links = new Set<Link>();
  private partitioned = false;
  private holding = false;

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.up();
    return proxy;
  }

  /** `url` (a database's or Redis's) with its host and port replaced by the proxy's. */
  urlThrough(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /** Accepts connections again, on the same port. */
  async up(): Promise<void> {
    const server = createServer((client) => this.link(client));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /**
   * A partition: connections stay open and new ones are accepted, but no byte passes either way (nothing is
   * refused, nothing answers) until `release`, which delivers what was held, as TCP does when a partition heals.
   */
  hold(): void {
    this.holding = true;
    for (const link of this.links) this.pause(link);
  }

  release(): void {
    this.holding = false;
    for (const link of this.links) for (const socket of [link.client, link.upstream]) socket?.resume();
  }

  /** Refuses new connections and drops every open one, as a stopped database server does. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const link of this.links) this.close(link, 'end');
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Resets every open connection (TCP RST both ways) and goes on accepting new ones: a restart or failover. */
  reset(): void {
    for (const link of this.links) this.close(link, 'reset');
  }

  /**
   * From now on every byte is dropped, both ways, on open connections and new ones, which are accepted but never
   * reach the database: nothing is refused or closed, the far side just stops answering.
   */
  partition(): void {
    this.partitioned = true;
    for (const link of this.links) link.cut = true;
  }

  /** Ends the partition. Connections cut by it are reset, as a far end that has forgotten them answers. */
  heal(): void {
    this.partitioned = false;
    for (const link of this.links) if (link.cut) this.close(link, 'reset');
  }

  private link(client: Socket): void {
    const link: Link = { client, upstream: undefined, cut: this.partitioned };
    this.links.add(link);
    client.on('error', () => this.close(link, 'end'));
    client.on('close', () => this.close(link, 'end'));
    if (link.cut) return;
    const upstream = connect(this.target.port, this.target.host);
    link.upstream = upstream;
    upstream.on('error', () => this.close(link, 'end'));
    upstream.on('close', () => this.close(link, 'end'));
    client.on('data', (bytes) => link.cut || upstream.write(bytes));
    upstream.on('data', (bytes) => link.cut || client.write(bytes));
    if (this.holding) this.pause(link);
  }

  /** Paused sockets read nothing: the bytes wait in the kernel until `release`. */
  private pause(link: Link): void {
    for (const socket of [link.client, link.upstream]) socket?.pause();
  }

  private close(link: Link, how: 'end' | 'reset'): void {
    if (!this.links.delete(link)) return;
    for (const socket of [link.client, link.upstream]) {
      if (!socket || socket.destroyed) continue;
      if (how === 'reset') socket.resetAndDestroy();
      else socket.destroy();
    }
  }
}
