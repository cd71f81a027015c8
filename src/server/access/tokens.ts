/** The claims of a session token (plugins/auth.ts signs them). */
export interface TokenPayload {
  sub: string;
  role: string;
  tv: number;
  /** A helper's session: its procuration (docs/procurations.md). */
  proc?: number;
  /** Expiry, seconds since the epoch (set by the signer from TOKEN_TTL_HOURS). */
  exp?: number;
}

interface VerifiedTokensOptions {
  /** Tokens kept at most (the oldest verified is forgotten first). */
  max?: number;
  now?: () => number;
}

/**
 * The bearer tokens this instance has verified, each kept with its claims until it expires: a
 * client sends the same token with every call, and checking its signature again (HMAC, decoding,
 * about a sixth of a revalidated list's CPU, issue 23) tells nothing new, since the instance's
 * secret does not change while it runs. The key is the whole token: a token that differs by one
 * character is verified. Only a token that passed is kept, and only until its `exp` (a token
 * without one is never kept); at the expiry the token goes through the verifier again, which
 * refuses it. What a token may do is decided after this, by the account check of each call
 * (`AccountCache`, decision 017): a revoked or changed account is refused whatever is kept here.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { payload: Readonly<TokenPayload>; until: number }>();
  private readonly max: number;
  private readonly now: () => number;

  constructor(
    private readonly verifier: (token: string) => TokenPayload,
    opts: VerifiedTokensOptions = {},
  ) {
    this.max = opts.max ?? 20_000;
    this.now = opts.now ?? Date.now;
  }

  /** How many tokens are kept (tests). */
  get size() {
    return this.entries.size;
  }

  /** The token's claims; throws the verifier's error (bad signature, expired, malformed). */
  verify(token: string): Readonly<TokenPayload> {
    const now = this.now();
    const hit = this.entries.get(token);
    if (hit) {
      if (now < hit.until) return hit.payload;
      this.entries.delete(token);
    }
    const payload = Object.freeze(this.verifier(token));
    if (typeof payload.exp === 'number' && now < payload.exp * 1000) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(token, { payload, until: payload.exp * 1000 });
    }
    return payload;
  }
}
