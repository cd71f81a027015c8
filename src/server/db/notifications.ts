import type pg from 'pg';

/**
 * The channels every connection of the server listens to (LISTEN), each notified by triggers of a
 * migration: a commit of this instance is told before it returns (decision 017).
 */
export const NOTIFY_CHANNELS = ['compte_modifie', 'table_modifiee'] as const;
/**
 * New jobs (a mail, an SMS, a webhook, a slot's reminder, a message to answer): the name of the
 * table a commit queued rows in (migrations 0061 and 0062), which wakes that table's loop
 * (src/server/jobs/loop.ts). Listened to by the one listening connection only (and PGlite's
 * session): a job needs no answer before the commit returns, so the pool's connections are not
 * woken for it.
 */
export const JOB_CHANNEL = 'travail_en_attente';
type NotifyChannel = (typeof NOTIFY_CHANNELS)[number] | typeof JOB_CHANNEL;

/**
 * What the database tells this instance of the server (NOTIFY, at commit). A commit made through
 * this instance is told before it returns: its own connections listen too, and PostgreSQL sends a
 * session its notifications before the COMMIT's answer (PGlite, one session, likewise). Commits of
 * other instances sharing the database are told as soon as the notification arrives, through one
 * connection kept for listening.
 *
 * `live` is false while that connection is down (and for a database that is never told, like a
 * migration's): whatever an instance keeps because it will be told of changes must then be
 * forgotten and not kept until `live` is true again.
 */
export interface Notifications {
  readonly live: boolean;
  on(channel: NotifyChannel, handler: (payload: string) => void): void;
  onLive(handler: (live: boolean) => void): void;
}

export class NotificationHub implements Notifications {
  live = false;
  private readonly handlers = new Map<string, ((payload: string) => void)[]>();
  private readonly liveHandlers: ((live: boolean) => void)[] = [];

  on(channel: NotifyChannel, handler: (payload: string) => void) {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  onLive(handler: (live: boolean) => void) {
    this.liveHandlers.push(handler);
  }

  /** Passes on what a connection is told (each listening connection of the instance). */
  relay(client: pg.ClientBase) {
    client.on('notification', (n) => this.deliver(n.channel, n.payload ?? ''));
  }

  deliver(channel: string, payload: string) {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  setLive(live: boolean) {
    if (this.live === live) return;
    this.live = live;
    for (const handler of this.liveHandlers) handler(live);
  }

  /**
   * The database is being closed: not live any more (what relies on it reads `live` and stops
   * keeping), without calling the handlers (no warning in the log at a normal stop).
   */
  close() {
    this.live = false;
  }
}

/** `application_name` of the listening connection. */
export const LISTENER_NAME = 'cenou-ecoute';

export const LISTEN_SQL = NOTIFY_CHANNELS.map((c) => `LISTEN ${c};`).join(' ');
/** What the listening connection listens to: every channel and the jobs'. */
export const LISTENER_SQL = `${LISTEN_SQL} LISTEN ${JOB_CHANNEL};`;

/** Reconnection delays of the listening connection: 0.5 s, doubled up to 30 s. */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/**
 * The listening connection only receives: a connection dropped without a word (a firewall, a host
 * gone) would never say so. Every `HEARTBEAT_MS` it runs `SELECT 1`, which must answer within
 * `HEARTBEAT_TIMEOUT_MS` (the client's `query_timeout`), or the connection counts as lost.
 */
const HEARTBEAT_MS = 5_000;
export const HEARTBEAT_TIMEOUT_MS = 5_000;

interface Listening {
  stop(): Promise<void>;
}

/**
 * Keeps one connection listening to every channel, reconnecting after a loss (the hub is not live
 * meanwhile). Resolves once the first attempt has succeeded or failed (its handshake is bounded by
 * the client's `connectionTimeoutMillis`): a server whose database refuses the listener still
 * starts, and reads every account until it listens.
 */
export async function keepListening(
  makeClient: () => pg.Client,
  hub: NotificationHub,
  heartbeatMs = HEARTBEAT_MS,
): Promise<Listening> {
  let stopped = false;
  let current: pg.Client | undefined;
  let delay = FIRST_DELAY_MS;
  let timer: NodeJS.Timeout | undefined;
  let beating = false;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    hub.setLive(false);
    client.end().catch(() => undefined);
    // A dead peer would keep end() waiting: the socket is dropped at once.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    if (stopped) return;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  };

  const connect = async () => {
    if (stopped) return;
    let client: pg.Client;
    try {
      client = makeClient();
    } catch {
      return;
    }
    current = client;
    hub.relay(client);
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(LISTENER_SQL);
      if (current !== client || stopped) return;
      delay = FIRST_DELAY_MS;
      hub.setLive(true);
    } catch {
      lost(client);
    }
  };

  const heartbeat = setInterval(() => {
    const client = current;
    if (!client || !hub.live || beating) return;
    beating = true;
    client.query('SELECT 1').then(
      () => (beating = false),
      () => {
        beating = false;
        lost(client);
      },
    );
  }, heartbeatMs);
  heartbeat.unref();

  await connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      const client = current;
      current = undefined;
      hub.close();
      await client?.end().catch(() => undefined);
    },
  };
}
