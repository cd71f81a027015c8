import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * SHA-256 of a UTF-8 string as lowercase hex, synchronous and without I/O, so that the
 * deliberation's draw (src/domain/ranking.ts) is the same pure code on the server and in the
 * browser: `@noble/hashes` (docs/decisions/045-kept-libraries.md). Checked against Node's crypto
 * in its unit test.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
