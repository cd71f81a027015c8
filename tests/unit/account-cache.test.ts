import { describe, expect, it } from 'vitest';
import { AccountCache, type AccountRow } from '../../src/server/access/accounts';
import { NotificationHub } from '../../src/server/db/notifications';

const account = (id: number, tokenVersion = 0): AccountRow => ({
  id,
  role: 'ROLE_HEBERGEMENT_ADMIN',
  idDirection: 1,
  tokenVersion,
  userName: `compte.${id}`,
});

/** A cache on a live hub, and a reader that counts its reads of the "database". */
function setup(opts: ConstructorParameters<typeof AccountCache>[1] = {}) {
  const hub = new NotificationHub();
  hub.setLive(true);
  const cache = new AccountCache(hub, opts);
  const stored = new Map<number, AccountRow>([1, 2, 3].map((id) => [id, account(id)]));
  let reads = 0;
  const get = (id: number) =>
    cache.get(id, async () => {
      reads++;
      return stored.get(id);
    });
  return { hub, cache, stored, get, reads: () => reads };
}

describe('AccountCache (decision 017)', () => {
  it('reads an account once while nothing is told, and never keeps a missing one', async () => {
    const s = setup();
    expect(await s.get(1)).toEqual(account(1));
    expect(await s.get(1)).toEqual(account(1));
    expect(s.reads()).toBe(1);
    expect(await s.get(9)).toBeUndefined();
    s.stored.set(9, account(9));
    expect(await s.get(9)).toEqual(account(9));
    expect(s.reads()).toBe(3);
  });

  it('forgets the account the database names, and every account on "*"', async () => {
    const s = setup();
    await s.get(1);
    await s.get(2);
    s.stored.set(1, account(1, 1));
    s.hub.deliver('compte_modifie', '1');
    expect((await s.get(1))?.tokenVersion).toBe(1);
    expect(s.reads()).toBe(3);
    await s.get(2);
    expect(s.reads()).toBe(3);
    s.hub.deliver('compte_modifie', '*');
    expect(s.cache.size).toBe(0);
    await s.get(2);
    expect(s.reads()).toBe(4);
  });

  it('does not keep a read that a change overtook (read before the commit, told before the answer)', async () => {
    const s = setup();
    let release!: () => void;
    const pending = s.cache.get(1, async () => {
      const before = account(1, 0);
      await new Promise<void>((r) => (release = r));
      return before;
    });
    // The revocation commits and is told while the read is on its way.
    s.stored.set(1, account(1, 1));
    s.hub.deliver('compte_modifie', '1');
    release();
    expect((await pending)?.tokenVersion).toBe(0);
    expect(s.cache.size).toBe(0);
    expect((await s.get(1))?.tokenVersion).toBe(1);
  });

  it('keeps nothing while the database cannot tell (listener down), and forgets all when it goes down', async () => {
    const s = setup();
    await s.get(1);
    s.hub.setLive(false);
    expect(s.cache.size).toBe(0);
    expect(s.cache.keeping).toBe(false);
    await s.get(1);
    await s.get(1);
    expect(s.reads()).toBe(3);
    expect(s.cache.size).toBe(0);
    s.hub.setLive(true);
    await s.get(1);
    await s.get(1);
    expect(s.reads()).toBe(4);
  });

  it('serves nothing kept once the database is closed', async () => {
    const s = setup();
    await s.get(1);
    s.hub.close();
    expect(s.cache.keeping).toBe(false);
    await s.get(1);
    expect(s.reads()).toBe(2);
  });

  it('without notifications at all, reads on every call', async () => {
    const cache = new AccountCache(undefined);
    let reads = 0;
    for (let i = 0; i < 3; i++) await cache.get(1, async () => (reads++, account(1)));
    expect(reads).toBe(3);
    expect(cache.keeping).toBe(false);
  });

  it('reads a kept account again after its lifetime, and holds at most `max` accounts', async () => {
    let now = 0;
    const s = setup({ ttlMs: 1000, max: 2, now: () => now });
    await s.get(1);
    now = 999;
    await s.get(1);
    expect(s.reads()).toBe(1);
    now = 1000;
    await s.get(1);
    expect(s.reads()).toBe(2);
    await s.get(2);
    await s.get(3);
    expect(s.cache.size).toBe(2);
    // 1 was the oldest read: it went first.
    await s.get(3);
    await s.get(2);
    expect(s.reads()).toBe(4);
    await s.get(1);
    expect(s.reads()).toBe(5);
  });
});
