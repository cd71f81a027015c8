import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id's costs (the library's default algorithm), chosen by PASSWORD_HASH_COST (decision 125):
 * `standard`, OWASP's minimum (19 MiB, two passes), everywhere but in the tests; `test`, 1 MiB and
 * one pass, for the test servers only (an API run's 817 hashes and checks were about 5 % of its
 * processor). A hash carries its own parameters: either cost verifies the other's hashes.
 */
export const PASSWORD_HASH_COSTS = {
  standard: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

let options: (typeof PASSWORD_HASH_COSTS)[PasswordHashCost] = PASSWORD_HASH_COSTS.standard;

/** Sets the cost of the hashes made from now on in this process (the app's start, from its configuration). */
export function setPasswordHashCost(cost: PasswordHashCost): void {
  if (options === PASSWORD_HASH_COSTS[cost]) return;
  options = PASSWORD_HASH_COSTS[cost];
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no hash (unknown user) it still spends the same time. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('mot-de-passe-factice');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that is easy to copy (no 0/O, 1/l/I), 12 characters by default. */
export function generatePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
