/**
 * Opening a dropped feed file safely. Whoever can write `<inbox>/<slug>/`
 * (a dealer's SFTP upload, a feed provider) must not make the pipeline read anything else:
 * only a regular file directly inside the tenant's inbox folder is read, never a symbolic
 * link, FIFO, device or socket; the file is opened with O_NOFOLLOW, the opened descriptor
 * must be the same regular file that was checked, its real path must stay in the folder,
 * and it is read up to a size cap. Everything else is refused with a reason a person can
 * act on; no byte of a refused file is read.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { PIPELINE_DEFAULTS } from '../../../config/pipeline.ts';

/** Default largest inbox file (bytes): src/config/pipeline.ts PIPELINE_INBOX_MAX_BYTES. */
export const DEFAULT_INBOX_MAX_BYTES = PIPELINE_DEFAULTS.inboxMaxBytes;

export type InboxRead = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** A size as the feed refusals name it ('0.06 MB', '20.0 MB'). */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/** What kind of thing a non-regular directory entry is, for the refusal. */
function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The refusal for a file over the cap. */
export function tooLarge(size: number, maxBytes: number): string {
  return `the file is ${megabytes(size)}, larger than the inbox limit of ${megabytes(maxBytes)} (PIPELINE_INBOX_MAX_BYTES): split the export, or send it through the webhook`;
}

/**
 * Check, without reading it, that `<folder>/<name>` is a regular file the pipeline may read:
 * null when it is, else why not.
 */
export function refusalOf(folder: string, name: string): string | null {
  let stats: Stats;
  try {
    stats = lstatSync(join(folder, name));
  } catch (error) {
    return `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }
  if (!stats.isFile()) return `refused: ${kindOf(stats)}, not a regular file (the inbox takes only files uploaded as files)`;
  if (stats.nlink > 1) return 'refused: a hard link to another file (the inbox takes only files uploaded as files)';
  return null;
}

/** Read a dropped file: only a regular file inside `folder`, at most `maxBytes`. */
export function readInboxFile(folder: string, name: string, maxBytes = DEFAULT_INBOX_MAX_BYTES): InboxRead {
  const refusal = refusalOf(folder, name);
  if (refusal) return { ok: false, reason: refusal };
  const file = join(folder, name);
  let fd: number;
  try {
    // O_NONBLOCK: a pipe swapped in after the check cannot block the open.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ELOOP' ? 'refused: a symbolic link, not a regular file' : `cannot read the file: ${code ?? (error as Error).message}` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, reason: `refused: ${kindOf(stats)}, not a regular file` };
    if (stats.nlink > 1) return { ok: false, reason: 'refused: a hard link to another file (the inbox takes only files uploaded as files)' };
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      return { ok: false, reason: 'refused: the file changed while it was opened' };
    }
    if (dirname(real) !== realpathSync(folder)) return { ok: false, reason: 'refused: the file is not inside the tenant\'s inbox folder' };
    if (stats.size > maxBytes) return { ok: false, reason: tooLarge(stats.size, maxBytes) };
    // Read at most one byte past the cap: a file still growing is refused, not read without end.
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) return { ok: false, reason: tooLarge(length, maxBytes) };
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Text from a feed file made safe to quote in a report or log: control and format
 * characters escaped, and cut to `max` characters.
 */
export function excerpt(text: string, max = 80): string {
  const safe = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return safe.length > max ? `${safe.slice(0, max)}... (${text.length} characters)` : safe;
}
