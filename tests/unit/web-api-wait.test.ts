// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages';
import { apiFetch, ApiError } from '../../src/web/lib/api';

// A call whose answer never begins (a mobile link that died without a word) ends with a message
// (src/web/lib/api.ts, ANSWER_WAIT_MS); a call the screen abandons stays an abort; an answer that
// began is never cut. `fetch` here keeps fetch's contract: it settles when its signal aborts.
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A fetch whose answer begins after `ms` (never when undefined), ended by its signal as fetch is. */
function answerAfter(ms?: number) {
  const seen: AbortSignal[] = [];
  globalThis.fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
    const signal = init!.signal!;
    seen.push(signal);
    return new Promise<Response>((resolve, reject) => {
      if (ms !== undefined) setTimeout(() => resolve(new Response('[]', { status: 200 })), ms);
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  }) as typeof fetch;
  return seen;
}

describe('the wait for an answer', () => {
  it('ends a call whose answer does not begin, with a French message', async () => {
    answerAfter();
    const err = await apiFetch('campus/cite', { auth: false, answerWaitMs: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect((err as ApiError).message).toBe(messages.erreurServeurMuet);
  });

  it('leaves an abandoned call an abort, and an answer in time untouched', async () => {
    answerAfter();
    const screen = new AbortController();
    const call = apiFetch('campus/cite', { auth: false, signal: screen.signal, answerWaitMs: 10_000 });
    screen.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });

    const seen = answerAfter(10);
    const res = await apiFetch('campus/cite', { auth: false, answerWaitMs: 5_000 });
    expect(res.status).toBe(200);
    expect(seen[0].aborted).toBe(false);
  });
});
