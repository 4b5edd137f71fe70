/**
 * Keys derived from the one configured SIGN_IN_SECRET: each use gets its
 * own key (HKDF-SHA256 with the use as `info`), so a value signed for one purpose (a photo
 * link) can never pass as another (a sign-in code hash), and one leaked derived key does
 * not give away the others.
 */
import { hkdfSync, timingSafeEqual } from 'node:crypto';

/** The derived keys the API uses. */
export interface DerivedKeys {
  /** Keys the HMAC of sign-in codes (tenant | phone | code). */
  otp: Buffer;
  /** Signs the expiring links to trade-in photos that delivered leads carry. */
  photoLinks: Buffer;
  /** Signs the unsubscribe links delivered leads carry. */
  unsubscribe: Buffer;
  /** Keys the digest of a Spin to Win entrant's mobile (tenant | phone): the once-a-month rule kept past the lead's retention. */
  spinEntrants: Buffer;
}

const derive = (secret: string, use: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'dealer-sites-lead-api', use, 32));

/** Derive every key from the configured secret. */
export function deriveKeys(secret: string): DerivedKeys {
  return {
    otp: derive(secret, 'sign-in-code-hash'),
    photoLinks: derive(secret, 'trade-in-photo-links'),
    unsubscribe: derive(secret, 'marketing-unsubscribe-links'),
    spinEntrants: derive(secret, 'spin-to-win-entrants'),
  };
}

/** Compare two hex digests in constant time (false when either is not the same-length hex). */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]+$/i.test(a) || !/^[0-9a-f]+$/i.test(b) || a.length % 2 !== 0) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
