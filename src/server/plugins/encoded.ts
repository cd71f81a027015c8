import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { matches } from '../lists/revalidation';

/** A compression the server can send, in its order of preference. */
export type Compression = 'br' | 'gzip';
/** What a reply's body is sent as: compressed, or as it is. */
export type Coding = Compression | 'identity';

/**
 * An answer made once and sent many times: its type, its bytes, the same bytes compressed once
 * for each compression it offers, and, when it has one, its tag (a client sending it back gets 304).
 */
export interface Encoded {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag?: string;
}

/**
 * Makes an answer's bytes and compresses them now, once (brotli and gzip unless told fewer): a
 * body kept for a version (a reading, a tag) costs a copy of bytes at each call, not a compression.
 */
export function encode(
  type: string,
  text: string,
  opts: { compressions?: readonly Compression[]; etag?: string } = {},
): Encoded {
  const identity = Buffer.from(text, 'utf8');
  const compressions = opts.compressions ?? ['br', 'gzip'];
  return {
    type,
    identity,
    br: compressions.includes('br')
      ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : undefined,
    gzip: compressions.includes('gzip') ? gzipSync(identity, { level: 9 }) : undefined,
    etag: opts.etag,
  };
}

/**
 * Keeps one answer for one version: the answer is made again only when the version (compared
 * item by item, as `Object.is` does) changes, so a reading or a tag is compressed once.
 */
export function keepEncoded() {
  let kept: { version: readonly unknown[]; answer: Encoded } | undefined;
  return (version: readonly unknown[], make: () => Encoded): Encoded => {
    const same =
      kept !== undefined &&
      kept.version.length === version.length &&
      kept.version.every((v, i) => Object.is(v, version[i]));
    if (!same) kept = { version, answer: make() };
    return kept!.answer;
  };
}

/** The weight of a `q=` parameter (0 to 1); a weight that cannot be read counts as 0. */
function weightOf(params: string[]): number {
  for (const p of params) {
    const m = /^\s*q\s*=\s*(\S*)\s*$/i.exec(p);
    if (!m) continue;
    const q = Number(m[1]);
    return Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
  }
  return 1;
}

/**
 * The coding to send, from the client's `Accept-Encoding` and what the answer offers: the
 * heaviest offered compression the client accepts (brotli first at equal weight), never one it
 * weighs 0 (`gzip;q=0`), `*` standing for the compressions it does not name. The bytes are sent
 * as they are when it accepts none, or when it names `identity` heavier than every compression.
 */
export function chooseCoding(
  acceptEncoding: string | string[] | undefined,
  offered: readonly Compression[],
): Coding {
  const weights = new Map<string, number>();
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding) weights.set(coding, weightOf(params));
  }
  const star = weights.get('*');
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const c of offered) {
    const w = weights.get(c) ?? star ?? 0;
    if (w > bestWeight) [best, bestWeight] = [c, w];
  }
  const identity = weights.get('identity');
  return best !== 'identity' && identity !== undefined && identity > bestWeight ? 'identity' : best;
}

/**
 * Sends a kept answer as the client accepts it (brotli, gzip or as it is), with
 * `Vary: Accept-Encoding` so that a cache keeps each coding apart, `Content-Encoding` when
 * compressed, and, when the answer is tagged, its `ETag` and 304 without a body when the client
 * sends that tag back (`If-None-Match`).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Encoded,
  opts: { cacheControl: string },
) {
  reply.header('Cache-Control', opts.cacheControl).header('Vary', 'Accept-Encoding');
  if (answer.etag !== undefined) {
    reply.header('ETag', answer.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, answer.etag))
      return reply.code(304).send(null);
  }
  const offered: Compression[] = [];
  if (answer.br) offered.push('br');
  if (answer.gzip) offered.push('gzip');
  const coding = chooseCoding(request.headers['accept-encoding'], offered);
  reply.type(answer.type);
  if (coding === 'identity') return reply.send(answer.identity);
  return reply.header('Content-Encoding', coding).send(answer[coding]);
}
