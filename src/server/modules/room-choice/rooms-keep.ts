import type { Notifications } from '../../db/notifications';

/**
 * How long an instance serves a list of rooms it read without asking anything: a room taken
 * through another instance disappears within this time at most (at once on the instance that took
 * it), and a slot of students polling the list costs one read a second at most per (campaign, cité,
 * sex, group size) and instance, however often the rooms change.
 */
export const ROOMS_CACHE_MS = 1000;

/** The reference tables a list of rooms reads (trigger `table_modifiee`): a change makes every list stale. */
const STRUCTURE = new Set(['cite', 'batiment', 'niveau', 'couloir', 'chambre', 'lit', 'categorie_chambre']);

interface Entry<T> {
  at: number;
  /** Which read of this instance it came from (a later read's list is never replaced by an earlier's). */
  order: number;
  idCite: number;
  /** The cité's generation seen before the read (compared, never parsed). */
  stamp: string;
  /** The earliest end of a hold running in the cité when it was read (ms): its beds free themselves then. */
  validUntil: number;
  value: T;
}

/**
 * The lists of free rooms an instance keeps (docs/decisions/145-room-choice-free-rooms-kept.md).
 *
 * A list is served without reading it again while it is younger than `ROOMS_CACHE_MS`, and beyond
 * that for as long as the database has told of no change to its cité: trigger `chambres_modifiees`
 * (migration 0059) names the cité at the commit of any assignment, hold or held bed written in it
 * (by any instance, staff's fills and cancellations included), and `table_modifiee` names a
 * reference table of the rooms (a room, a bed, a category's rent…). A hold that ends by its time
 * frees its beds without a write: a list is not served past the earliest end of the holds running
 * in its cité when it was read. Nothing is kept beyond the second while the listening connection
 * is down, and everything is forgotten when it goes down or comes back (as `ListRevalidation` does).
 * The database stays the only truth: an instance keeps nothing another would need.
 *
 * Reads of one list at once share one read of the database (while no change was told meanwhile).
 */
export class RoomsKeep<T> {
  private epoch = 0;
  private structure = 0;
  private reads = 0;
  private readonly cites = new Map<number, number>();
  private readonly entries = new Map<string, Entry<T>>();
  private readonly reading = new Map<string, { stamp: string; promise: Promise<T> }>();
  private readonly notifications: Notifications | undefined;

  constructor(notifications?: Notifications) {
    this.notifications = notifications;
    notifications?.on('chambres_modifiees', (payload) => {
      if (payload === '*') this.structure++;
      else {
        const id = Number(payload);
        this.cites.set(id, (this.cites.get(id) ?? 0) + 1);
      }
    });
    notifications?.on('table_modifiee', (table) => {
      if (STRUCTURE.has(table)) this.structure++;
    });
    notifications?.onLive(() => this.forgetAll());
  }

  /** Whether lists are kept beyond `ROOMS_CACHE_MS` (the database tells this instance of changes). */
  get told() {
    return this.notifications?.live ?? false;
  }

  private stamp(idCite: number) {
    return `${this.epoch}:${this.structure}:${this.cites.get(idCite) ?? 0}`;
  }

  forgetAll() {
    this.epoch++;
    this.entries.clear();
  }

  /** Forgets the lists whose key starts with `prefix` (a change made through this instance). */
  forget(prefix: string) {
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  /** The list kept under `key`, when it may still be served. */
  kept(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const now = Date.now();
    if (now - e.at < ROOMS_CACHE_MS) return e.value;
    if (this.told && e.stamp === this.stamp(e.idCite) && now < e.validUntil) return e.value;
    return undefined;
  }

  /**
   * The list under `key`: kept, or read by `read` (which gives the list and the earliest end of a
   * hold running in the cité, ms, `Infinity` for none), one read at a time per key.
   */
  async get(key: string, idCite: number, read: () => Promise<{ value: T; validUntil: number }>): Promise<T> {
    const kept = this.kept(key);
    if (kept !== undefined) return kept;
    const stamp = this.stamp(idCite);
    const pending = this.reading.get(key);
    if (pending && pending.stamp === stamp) return pending.promise;
    // The list is as the database was when the read began: its second counts from then, and it
    // never replaces a list whose read began later (told of a change meanwhile).
    const at = Date.now();
    const order = ++this.reads;
    const promise = read().then(({ value, validUntil }) => {
      const newer = this.entries.get(key);
      if (newer && newer.order > order) return value;
      if (this.entries.size >= 10_000) this.entries.clear();
      this.entries.set(key, { at, order, idCite, stamp, validUntil, value });
      return value;
    });
    this.reading.set(key, { stamp, promise });
    try {
      return await promise;
    } finally {
      if (this.reading.get(key)?.promise === promise) this.reading.delete(key);
    }
  }
}

const keeps = new WeakMap<object, RoomsKeep<unknown>>();

/** The keep of the instance whose database is `db` (made by `buildApp` with what the database tells it). */
export function keepRoomsFor<T>(db: object, notifications: Notifications | undefined): RoomsKeep<T> {
  const keep = new RoomsKeep<T>(notifications);
  keeps.set(db, keep as RoomsKeep<unknown>);
  return keep;
}

const untold = new RoomsKeep<unknown>();

/** The keep of `db`'s instance; a database never told of changes keeps each list a second. */
export function roomsKeepOf<T>(db: object): RoomsKeep<T> {
  return (keeps.get(db) ?? untold) as RoomsKeep<T>;
}
