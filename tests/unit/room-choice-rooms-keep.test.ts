/**
 * The free rooms an instance keeps (docs/decisions/145-room-choice-free-rooms-kept.md): served past
 * the second only while the database told of no change to the cité, never past the earliest end of
 * a running hold, never beyond the second while not told; reads of one list at once share one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationHub } from '../../src/server/db/notifications';
import { ROOMS_CACHE_MS, RoomsKeep } from '../../src/server/modules/room-choice/rooms-keep';

describe('the free rooms kept by an instance', () => {
  let hub: NotificationHub;
  let keep: RoomsKeep<string>;
  let reads: number;
  const read =
    (value: string, validUntil = Infinity) =>
    async () => {
      reads++;
      return { value, validUntil };
    };

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z'), toFake: ['Date'] });
    hub = new NotificationHub();
    hub.setLive(true);
    keep = new RoomsKeep<string>(hub);
    reads = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('serves a list past the second while nothing changed in its cité, and reads it again once told of a change', async () => {
    expect(await keep.get('1:7:F:1', 7, read('a'))).toBe('a');
    vi.advanceTimersByTime(60_000);
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('a');
    hub.deliver('chambres_modifiees', '8'); // another cité
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('a');
    hub.deliver('chambres_modifiees', '7');
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('b');
    expect(reads).toBe(2);
  });

  it('a change told within the second is served from the second’s list, then read', async () => {
    await keep.get('1:7:F:1', 7, read('a'));
    hub.deliver('chambres_modifiees', '7');
    vi.advanceTimersByTime(ROOMS_CACHE_MS - 1);
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('a');
    vi.advanceTimersByTime(1);
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('b');
  });

  it('a reference table of the rooms or a TRUNCATE makes every list stale; another table does not', async () => {
    await keep.get('1:7:F:1', 7, read('a'));
    vi.advanceTimersByTime(5_000);
    hub.deliver('table_modifiee', 'critere');
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('a');
    hub.deliver('table_modifiee', 'categorie_chambre');
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('b');
    vi.advanceTimersByTime(5_000);
    hub.deliver('chambres_modifiees', '*');
    expect(await keep.get('1:7:F:1', 7, read('c'))).toBe('c');
  });

  it('is not served past the earliest end of a hold running when it was read', async () => {
    const end = Date.now() + 90_000;
    await keep.get('1:7:F:1', 7, read('a', end));
    vi.advanceTimersByTime(89_999);
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('a');
    vi.advanceTimersByTime(1);
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('b');
  });

  it('keeps a list a second only while the database is not listened to, and forgets all when it comes back', async () => {
    hub.setLive(false);
    await keep.get('1:7:F:1', 7, read('a'));
    vi.advanceTimersByTime(ROOMS_CACHE_MS);
    expect(await keep.get('1:7:F:1', 7, read('b'))).toBe('b');
    hub.setLive(true);
    expect(await keep.get('1:7:F:1', 7, read('c'))).toBe('c');
    const untold = new RoomsKeep<string>();
    await untold.get('k', 7, read('a'));
    vi.advanceTimersByTime(ROOMS_CACHE_MS);
    expect(await untold.get('k', 7, read('b'))).toBe('b');
  });

  it('forgets the lists of a cité changed through this instance', async () => {
    await keep.get('1:7:F:1', 7, read('a'));
    await keep.get('1:7:M:4', 7, read('m'));
    await keep.get('1:8:F:1', 8, read('x'));
    keep.forget('1:7:');
    expect(keep.kept('1:7:F:1')).toBeUndefined();
    expect(keep.kept('1:7:M:4')).toBeUndefined();
    expect(keep.kept('1:8:F:1')).toBe('x');
  });

  it('reads of one list at once share one read, unless a change was told meanwhile', async () => {
    let release!: () => void;
    const slow = () => {
      reads++;
      return new Promise<{ value: string; validUntil: number }>((resolve) => {
        release = () => resolve({ value: 'a', validUntil: Infinity });
      });
    };
    const first = keep.get('1:7:F:1', 7, slow);
    const second = keep.get('1:7:F:1', 7, slow);
    hub.deliver('chambres_modifiees', '7');
    const third = keep.get('1:7:F:1', 7, read('b'));
    release();
    expect(await Promise.all([first, second, third])).toEqual(['a', 'a', 'b']);
    expect(reads).toBe(2);
  });
});
