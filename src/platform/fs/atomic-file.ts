/**
 * Durable atomic file writes, the one way every writer of a shared file replaces it (the
 * pipeline's state and releases, the photo and image caches, the directory object store, the
 * reserved overlay, trade-in uploads). A reader sees the old file or the new one,
 * never a part; after a crash or power loss the new file is either fully there or absent:
 * the data is fsynced before the rename and the directory after it. Temporary files get a
 * 128-bit random name and are created exclusively (O_EXCL), so a file or symlink planted at
 * a guessed name is never followed or overwritten.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, constants, fsyncSync, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** A fresh temporary name beside `file`: `.<name>.<32 hex>.tmp`. */
function temporaryBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${randomBytes(16).toString('hex')}.tmp`);
}

/** fsync a directory, so a rename inside it survives a crash (best effort where unsupported). */
export function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Options of the atomic writers. */
export interface AtomicOptions {
  /**
   * fsync the data and the directory (default true). Derived files that a build can always
   * make again (resized images) skip it: a crash leaves an incomplete release, which is
   * never served and is pruned.
   */
  durable?: boolean;
  /** Permissions of a new file (default 0644; 0600 for a private upload). */
  mode?: number;
}

/** Write a file atomically and durably. */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicOptions = {}): void {
  const durable = options.durable !== false;
  const temporary = temporaryBeside(file);
  const fd = openSync(temporary, 'wx', options.mode ?? 0o644);
  try {
    const buffer = typeof data === 'string' ? Buffer.from(data) : data;
    for (let offset = 0; offset < buffer.length; ) offset += writeSync(fd, buffer, offset, buffer.length - offset);
    if (durable) fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  if (durable) fsyncDirectory(dirname(file));
}

/**
 * Copy a file into place atomically and durably. The target is replaced by rename, never
 * written in place: a hard link shared with an earlier release (or a symlink) at the target
 * keeps its content.
 */
export function copyFileAtomic(source: string, target: string, options: AtomicOptions = {}): void {
  const durable = options.durable !== false;
  const temporary = temporaryBeside(target);
  try {
    copyFileSync(source, temporary, constants.COPYFILE_EXCL);
    if (durable) {
      const fd = openSync(temporary, 'r+');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  if (durable) fsyncDirectory(dirname(target));
}

/** A file in a new private temporary directory (0700; the file 0600), and how to remove both. */
export function writePrivateTempFile(prefix: string, name: string, data: string): { dir: string; path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = join(dir, name);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    // A full disk leaves no half-written file behind.
    remove();
    throw error;
  }
  return { dir, path, remove };
}
