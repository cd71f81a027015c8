import { describe, expect, it } from 'vitest';
import { VerifiedTokens, type TokenPayload } from '../../src/server/access/tokens';

/** A verifier that counts its calls: `good-<exp>` passes with that expiry (s), anything else throws. */
function verifier() {
  const calls: string[] = [];
  const verify = (token: string): TokenPayload => {
    calls.push(token);
    const m = /^good-(\d+)$/.exec(token);
    if (!m) throw Object.assign(new Error('invalid'), { code: 'FAST_JWT_INVALID_SIGNATURE' });
    return { sub: '1', role: 'R', tv: 0, exp: Number(m[1]) };
  };
  return { calls, verify };
}

describe('verified tokens', () => {
  it('verifies a token once, then answers from what it kept until the expiry', () => {
    let now = 1_000_000;
    const v = verifier();
    const tokens = new VerifiedTokens(v.verify, { now: () => now });
    expect(tokens.verify('good-2000').sub).toBe('1');
    expect(tokens.verify('good-2000').exp).toBe(2000);
    expect(v.calls).toEqual(['good-2000']);
    now = 1_999_999;
    tokens.verify('good-2000');
    expect(v.calls).toHaveLength(1);
    // At the expiry the verifier is asked again (and decides).
    now = 2_000_000;
    tokens.verify('good-2000');
    expect(v.calls).toHaveLength(2);
  });

  it('keeps no refused token, no expired one, none without expiry; the claims are read-only', () => {
    const now = 5_000_000;
    const v = verifier();
    const tokens = new VerifiedTokens(
      (t) => (t === 'no-exp' ? { sub: '1', role: 'R', tv: 0 } : v.verify(t)),
      { now: () => now },
    );
    for (let i = 0; i < 2; i++) expect(() => tokens.verify('forged')).toThrow('invalid');
    expect(v.calls).toEqual(['forged', 'forged']);
    tokens.verify('good-4000');
    tokens.verify('no-exp');
    expect(tokens.size).toBe(0);
    const kept = tokens.verify('good-9000');
    expect(() => {
      (kept as TokenPayload).tv = 9;
    }).toThrow();
    expect(tokens.verify('good-9000').tv).toBe(0);
  });

  it('keeps at most `max` tokens, forgetting the oldest', () => {
    const v = verifier();
    const tokens = new VerifiedTokens(v.verify, { max: 2, now: () => 0 });
    for (const t of ['good-1', 'good-2', 'good-3']) tokens.verify(t);
    expect(tokens.size).toBe(2);
    tokens.verify('good-1');
    expect(v.calls).toEqual(['good-1', 'good-2', 'good-3', 'good-1']);
  });
});
