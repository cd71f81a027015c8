// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../src/web/lib/api';
import { USER_KEY } from '../../src/web/lib/auth';
import { closeEarlyReads, EARLY_READ_MS, EARLY_READS_KEY } from '../../src/web/lib/early-reads';

// A student's first reads sent by the route preload script before the entry has run
// (src/web/lib/early-reads.ts): the client's first call to the same address with the same token
// takes that answer; a second call, another token, an old or a refused answer ask the server.
const TOKEN = 'jeton-etudiant';
const LIST = 'campus/dossier/etudiant/N00000000001';
const address = (p: string) => new URL(`/service/api/hebergement-cenou/${p}`, window.location.href).href;

const realFetch = globalThis.fetch;
let asked: string[];

beforeEach(() => {
  window.localStorage.setItem(
    USER_KEY,
    JSON.stringify({ username: 'N00000000001', accessToken: TOKEN, roles: ['ETUDIANT'] }),
  );
  asked = [];
  globalThis.fetch = vi.fn((url: RequestInfo | URL) => {
    asked.push(String(url));
    return Promise.resolve(new Response('["du serveur"]', { status: 200 }));
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_KEY];
  window.localStorage.clear();
});

function sentEarly(answer: Response | null, opts: { token?: string; at?: number } = {}) {
  (window as unknown as Record<string, unknown>)[EARLY_READS_KEY] = {
    token: opts.token ?? TOKEN,
    at: opts.at ?? Date.now(),
    reads: { [address(LIST)]: Promise.resolve(answer) },
  };
}

describe('the first reads sent before the entry', () => {
  it('answer the first call to their address, once', async () => {
    sentEarly(new Response('["en avance"]', { status: 200 }));
    expect(await (await apiFetch(LIST)).json()).toEqual(['en avance']);
    expect(asked).toEqual([]);
    expect(await (await apiFetch(LIST)).json()).toEqual(['du serveur']);
    expect(asked).toHaveLength(1);
  });

  it('are not taken by another address, another token or once old', async () => {
    sentEarly(new Response('["en avance"]', { status: 200 }));
    expect(await (await apiFetch('campus/dossier/situation')).json()).toEqual(['du serveur']);

    sentEarly(new Response('["en avance"]', { status: 200 }), { token: 'un-autre-jeton' });
    expect(await (await apiFetch(LIST)).json()).toEqual(['du serveur']);

    sentEarly(new Response('["en avance"]', { status: 200 }), { at: Date.now() - EARLY_READ_MS - 1 });
    expect(await (await apiFetch(LIST)).json()).toEqual(['du serveur']);
    expect(asked).toHaveLength(3);
  });

  it('leave a refusal or a lost network to the ordinary call', async () => {
    sentEarly(new Response('{"message":"Session expirée"}', { status: 401 }));
    expect(await (await apiFetch(LIST)).json()).toEqual(['du serveur']);
    sentEarly(null);
    expect(await (await apiFetch(LIST)).json()).toEqual(['du serveur']);
    expect(asked).toHaveLength(2);
    // The stored sign-in is untouched: the early refusal ends no session.
    expect(window.localStorage.getItem(USER_KEY)).not.toBeNull();
  });

  it('are dropped by the first change: an answer read before it would show the state before it', async () => {
    sentEarly(new Response('["en avance"]', { status: 200 }));
    await apiFetch('campus/dossier/brouillon', { method: 'POST', body: {} });
    expect(await (await apiFetch(LIST)).json()).toEqual(['du serveur']);
    expect(asked).toHaveLength(2);
  });

  it('are closed by the entry: the preload script, run late, finds its key taken and sends nothing', () => {
    closeEarlyReads();
    const taken = (window as unknown as Record<string, { reads: object }>)[EARLY_READS_KEY];
    expect(taken.reads).toEqual({});
    // Reads the script had already sent are kept for the entry's calls.
    sentEarly(new Response('["en avance"]', { status: 200 }));
    closeEarlyReads();
    expect(
      Object.keys((window as unknown as Record<string, { reads: object }>)[EARLY_READS_KEY].reads),
    ).toEqual([address(LIST)]);
  });
});
