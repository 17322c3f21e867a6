import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits; bytes of 248 and above are dropped so every character is equally likely. */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length + 8)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

/** Ids are letters and digits only (20 random ones, ~119 bits) so every id also satisfies the projectId rule. */
export function newId(prefix: string): string {
  return prefix + randomAlnum(20);
}
