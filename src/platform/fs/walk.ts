/**
 * The one recursive directory walker: every file (non-directory) under a folder, depth first,
 * each directory's entries in the order the file system lists them or sorted by name. Symbolic
 * links are not followed unless asked (then a link to a folder is walked and each file carries
 * its stat). Callers filter what they need; the walk itself never reads a file.
 * Contract: a missing root throws (ENOENT), as readdirSync does, unless `skipUnreadable`.
 */
import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';

export interface WalkOptions {
  /** Leave an entry (file or folder) out before looking at it: its name and its '/'-separated path below the root. */
  skip?: (entry: { name: string; relative: string }) => boolean;
  /** Each folder's entries sorted by name (default: the file system's order). */
  sorted?: boolean;
  /** Follow symbolic links: a link to a folder is walked, and each file gets its `stats`. */
  followLinks?: boolean;
  /** A folder that cannot be listed (gone meanwhile, unreadable; the root too) is left out instead of throwing. */
  skipUnreadable?: boolean;
}

export interface WalkedFile {
  /** The root joined with the path below it. */
  path: string;
  /** The path below the root, '/'-separated. */
  relative: string;
  name: string;
  /** The entry as listed (a symbolic link is a link here, whatever `followLinks` says). */
  dirent: Dirent;
  /** With `followLinks`: the stat of the file (the link's target). */
  stats?: Stats;
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Every file under `root`, depth first. */
export function* walkFiles(root: string, options: WalkOptions = {}): Generator<WalkedFile> {
  function* visit(dir: string, below: string): Generator<WalkedFile> {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (options.skipUnreadable) return;
      throw error;
    }
    if (options.sorted) entries.sort(byName);
    for (const dirent of entries) {
      const relative = below ? `${below}/${dirent.name}` : dirent.name;
      if (options.skip?.({ name: dirent.name, relative })) continue;
      const path = join(dir, dirent.name);
      const stats = options.followLinks ? statSync(path) : undefined;
      if (stats ? stats.isDirectory() : dirent.isDirectory()) yield* visit(path, relative);
      else yield { path, relative, name: dirent.name, dirent, ...(stats ? { stats } : {}) };
    }
  }
  yield* visit(root, '');
}
