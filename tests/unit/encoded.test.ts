import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCoding, encode, keepEncoded, sendEncoded } from '../../src/server/plugins/encoded';

const TEXT = JSON.stringify({
  message: 'Service disponible',
  lits: Array.from({ length: 200 }, (_, i) => i),
});

describe('chooseCoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    ['gzip, deflate, br', both, 'br'],
    ['gzip', both, 'gzip'],
    ['br', ['gzip'], 'identity'],
    ['', both, 'identity'],
    [undefined, both, 'identity'],
    ['identity', both, 'identity'],
    ['br;q=0, gzip', both, 'gzip'],
    ['br;q=0, gzip;q=0', both, 'identity'],
    ['gzip;q=0.8, br;q=0.5', both, 'gzip'],
    ['GZIP ; Q=1', both, 'gzip'],
    ['*', both, 'br'],
    ['*;q=0', both, 'identity'],
    ['br;q=0, *', both, 'gzip'],
    ['gzip;q=0.5, identity', both, 'identity'],
    ['gzip;q=abc', both, 'identity'],
  ] as const)('%s (offered %j) → %s', (header, offered, expected) => {
    expect(chooseCoding(header, offered)).toBe(expected);
  });
});

describe('keepEncoded', () => {
  it('makes the answer again only when the version changes', () => {
    const keep = keepEncoded();
    let made = 0;
    const make = () => (made++, encode('text/plain', TEXT, { compressions: [] }));
    const first = keep([1, 'a'], make);
    expect(keep([1, 'a'], make)).toBe(first);
    expect(made).toBe(1);
    keep([2, 'a'], make);
    keep([2, null], make);
    expect(made).toBe(3);
  });
});

describe('sendEncoded', () => {
  const app = Fastify();
  const plain = encode('application/json; charset=utf-8', TEXT);
  const tagged = encode('application/json; charset=utf-8', TEXT, { compressions: ['gzip'], etag: '"v1"' });
  beforeAll(async () => {
    app.get('/plain', (request, reply) =>
      sendEncoded(request, reply, plain, { cacheControl: 'public, max-age=30' }),
    );
    app.get('/tagged', (request, reply) =>
      sendEncoded(request, reply, tagged, { cacheControl: 'private, no-cache' }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends brotli, gzip or the bytes as they are, as the client accepts', async () => {
    const br = await get('/plain', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(TEXT);
    const gz = await get('/plain', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(TEXT);
    const none = await get('/plain');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(TEXT);
    const refused = await get('/plain', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(TEXT);
    for (const res of [br, gz, none, refused]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=30');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    // The compressed bytes are the kept ones, not made again per call.
    expect(br.rawPayload.equals(plain.br!)).toBe(true);
    expect(gz.rawPayload.equals(plain.gzip!)).toBe(true);
  });

  it('never sends a compression the answer does not keep', async () => {
    const res = await get('/tagged', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TEXT);
  });

  it('tags the answer and answers 304 without a body when the tag comes back', async () => {
    const res = await get('/tagged', { 'accept-encoding': 'gzip' });
    expect(res.headers.etag).toBe('"v1"');
    expect(res.headers['content-encoding']).toBe('gzip');
    const same = await get('/tagged', { 'if-none-match': '"v1"', 'accept-encoding': 'gzip' });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers.etag).toBe('"v1"');
    expect(same.headers.vary).toBe('Accept-Encoding');
    expect((await get('/tagged', { 'if-none-match': '"v0"' })).statusCode).toBe(200);
  });
});
