import type { Notifications } from '../db/notifications';
import { readCheckedAccount } from '../modules/accounts/repository';

/**
 * The columns of an account that every call checks (plugins/auth.ts), read by the accounts
 * repository's `readCheckedAccount`, typed from the schema.
 */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof readCheckedAccount>>>;

interface AccountCacheOptions {
  /** Accounts kept at most (the oldest read is forgotten first). */
  max?: number;
  /** A kept account is read again after this long, told of a change or not. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * The live accounts this instance has read, kept while the database tells it of every change
 * (decision 017): the account check of a call then costs no round trip. Trigger `compte_modifie`
 * (migration 0017) names, at commit, each account whose role, direction, token version, name or
 * liveness changes, or that is deleted; the account is forgotten. Nothing is kept while the
 * listening connection is down (`live` false), and everything is forgotten when it goes down or
 * comes back. A read that started before a change is told is not kept (the epoch moved), so an
 * account read just before its revocation cannot outlive it. Without notifications (a database
 * opened without listening), every call reads its account, as before.
 */
export class AccountCache {
  private readonly entries = new Map<number, { row: AccountRow; at: number }>();
  private epoch = 0;
  private readonly notifications: Notifications | undefined;
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(notifications: Notifications | undefined, opts: AccountCacheOptions = {}) {
    this.max = opts.max ?? 20_000;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.now = opts.now ?? Date.now;
    this.notifications = notifications;
    notifications?.on('compte_modifie', (payload) => {
      if (payload === '*') this.forgetAll();
      else this.forget(Number(payload));
    });
    notifications?.onLive(() => this.forgetAll());
  }

  /** How many accounts are kept (tests, logs). */
  get size() {
    return this.entries.size;
  }

  /** Whether accounts are kept at all (the database tells this instance of changes). */
  get keeping() {
    return this.notifications?.live ?? false;
  }

  /** Whether this account is kept (tests). */
  has(id: number) {
    return this.entries.has(id);
  }

  forget(id: number) {
    this.epoch++;
    this.entries.delete(id);
  }

  forgetAll() {
    this.epoch++;
    this.entries.clear();
  }

  /**
   * The kept account, or the one `read` returns (kept when nothing changed meanwhile). `undefined`:
   * no live account has this id (never kept: an account created later must be found).
   */
  async get(id: number, read: () => Promise<AccountRow | undefined>): Promise<AccountRow | undefined> {
    const keeping = this.keeping;
    const hit = keeping ? this.entries.get(id) : undefined;
    if (hit && this.now() - hit.at < this.ttlMs) return hit.row;
    const epoch = this.epoch;
    const row = await read();
    if (row && keeping && this.keeping && epoch === this.epoch) {
      this.entries.delete(id);
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { row, at: this.now() });
    }
    return row;
  }
}
