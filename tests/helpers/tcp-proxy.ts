import net from 'node:net';

/**
 * A TCP proxy between the app and PostgreSQL that a test can cut and restore (docs/testing.md,
 * docs/decisions/025-database-faults.md): `cut()` destroys every connection and refuses new ones
 * (the database "unreachable"), `restore()` accepts again on the same port, `killWhen()` destroys
 * the one connection whose next bytes to the server match (a connection dying under a statement).
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private traps: { match: (chunk: Buffer) => boolean; done: () => void }[] = [];
  port = 0;
  /** Connections accepted since the start. */
  accepted = 0;

  constructor(readonly target: { host: string; port: number }) {}

  /** A proxy to the server of a `postgres://` URL. */
  static to(url: string): TcpProxy {
    const u = new URL(url);
    return new TcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
  }

  /** `url` with its host and port replaced by the proxy's. */
  url(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  get open(): boolean {
    return this.server !== undefined;
  }

  /** Connections open through the proxy now. */
  get connections(): number {
    return this.pairs.size;
  }

  async start(): Promise<number> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  private accept(client: net.Socket) {
    this.accepted += 1;
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
    client.on('data', (chunk: Buffer) => {
      const trap = this.traps.find((t) => t.match(chunk));
      if (trap) {
        this.traps = this.traps.filter((t) => t !== trap);
        // The bytes never reach the server: the connection dies under this statement.
        close();
        trap.done();
        return;
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.on('data', (chunk: Buffer) => {
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
  }

  /**
   * The next bytes sent to the server that contain `marker` (a table's name, `commit`) are not
   * forwarded: their connection is destroyed instead (`passing`: after that many such chunks went
   * through). Resolves once that happened.
   */
  killWhen(marker: string | Buffer, opts: { passing?: number } = {}): Promise<void> {
    const needle = typeof marker === 'string' ? Buffer.from(marker) : marker;
    let passing = opts.passing ?? 0;
    return new Promise((resolve) => {
      this.traps.push({
        match: (chunk) => chunk.includes(needle) && passing-- <= 0,
        done: resolve,
      });
    });
  }

  /** Destroys every connection under way (the server's side stays up). */
  dropAll(): void {
    for (const { client, upstream } of [...this.pairs]) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  /** The database unreachable: every connection destroyed, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    this.dropAll();
    await closed;
  }

  /** Accepts again, on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.start();
  }

  async stop(): Promise<void> {
    this.traps = [];
    await this.cut();
  }
}
