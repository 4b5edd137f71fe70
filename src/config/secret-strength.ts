/**
 * Whether a secret the operator chose looks random enough to stand in for the length its
 * variable asks for. One rule for every secret the platform checks (the operator tokens, the
 * sign-in secret, feed and lead-delivery secrets in production): a value is refused when it is
 * a short pattern repeated (`aaaa...`, `abab...`, `0123 0123 ...`), or when the information its
 * characters carry (length x the Shannon entropy of their frequencies) is under 2 bits per
 * character of the variable's minimum length. `openssl rand -hex 32` (64 hex characters)
 * carries about 230 such bits and passes with a wide margin; 16 random hex characters carry
 * about 51 (never under 32 in 200,000 draws), 16 identical characters 0.
 */

/** Estimated bits of a text: its length times the Shannon entropy of its character frequencies. */
export function estimatedBits(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...text].length;
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / length;
    perChar -= p * Math.log2(p);
  }
  return perChar * length;
}

/** The shortest period of `text` when it is a shorter part repeated (at least twice), else undefined. */
function repeatedPeriod(text: string): number | undefined {
  for (let period = 1; period <= text.length / 2; period++) {
    let repeats = true;
    for (let index = period; index < text.length; index++) {
      if (text[index] !== text[index - period]) {
        repeats = false;
        break;
      }
    }
    if (repeats) return period;
  }
  return undefined;
}

/**
 * Why `secret` is too weak for a variable asking for at least `minLength` random characters,
 * or undefined when it is not. The length itself is the caller's rule (its own message).
 */
export function weakSecretProblem(secret: string, minLength: number): string | undefined {
  const period = repeatedPeriod(secret);
  if (period !== undefined)
    return `it repeats ${period === 1 ? 'one character' : `a pattern of ${period} characters`}; expected random characters (make one with: openssl rand -hex 32)`;
  const bits = estimatedBits(secret);
  const wanted = 2 * minLength;
  if (bits < wanted)
    return `too little entropy (about ${Math.floor(bits)} bits from its characters, at least ${wanted} wanted); expected random characters (make one with: openssl rand -hex 32)`;
  return undefined;
}
