/**
 * The inbox's own folders (`processed/`, `rejected/`, `held/` inside `<inbox>/<slug>/`), which
 * the dealer who writes that folder can rename, remove or replace. One is used only when it is
 * a real folder directly inside the tenant's inbox folder: it is opened with O_NOFOLLOW |
 * O_DIRECTORY, the descriptor must be the entry that was checked, and its real path must be
 * `<real inbox folder>/<name>`; a missing one is made (never through a link). Files move and
 * reports are written relative to the opened descriptor (`/proc/self/fd/<fd>/`), so a folder
 * swapped for a link after the check is never written through; a report never follows a link.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';

/** The folders the intake writes inside a tenant's inbox folder. */
export type InboxFolderName = 'processed' | 'rejected' | 'held';

/** An opened inbox folder: moves and writes go into the folder that was checked. */
export interface InboxFolder {
  /** The folder's path (for messages; writes do not go through it). */
  readonly path: string;
  /** Move `file` into the folder as `name` (a plain rename: the file itself is never followed). */
  moveIn(file: string, name: string): void;
  /** Write a new file `name` in the folder (an entry of that name, link or not, is replaced, never followed). */
  write(name: string, text: string): void;
  /** Move the folder's entry `name` into `to` as `newName` (the entry itself is never followed). */
  moveOut(name: string, to: InboxFolder, newName: string): void;
  /** The text of the folder's file `name`, or null when there is none or it is a link (never followed). */
  read(name: string): string | null;
  /** Remove the folder's entry `name` if there is one (a link is removed, not followed). */
  remove(name: string): void;
  close(): void;
}

/** Why an inbox folder cannot be used. */
export class InboxFolderError extends Error {}

/** Whether this platform names an open descriptor's directory as a path (Linux): then writes cannot be redirected after the check. */
const FD_PATHS = existsSync('/proc/self/fd');

const O_DIRECTORY = constants.O_DIRECTORY ?? 0;

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** What the refusal calls an entry that is not a folder. */
function entryKind(stats: Stats): string {
  return stats.isSymbolicLink() ? 'is a symbolic link, not a folder' : 'is not a folder';
}

/** The entry `<tenantInbox>/<name>` as a real folder (made when missing); throws InboxFolderError otherwise. */
function checkedEntry(tenantInbox: string, slug: string, name: InboxFolderName): { path: string; stats: Stats } {
  const path = join(tenantInbox, name);
  const refuse = (why: string): never => {
    throw new InboxFolderError(
      `the inbox folder ${name}/ of ${slug} ${why}: refused (nothing is written through it; put a real folder there, or remove it and the pipeline makes one)`,
    );
  };
  let stats = lstatOrNull(path);
  if (!stats) {
    try {
      mkdirSync(path, { mode: 0o750 });
    } catch (error) {
      // A dangling link of that name makes mkdir fail with EEXIST: it is refused below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') refuse(`cannot be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    stats = lstatOrNull(path);
  }
  if (!stats) return refuse('cannot be read');
  if (!stats.isDirectory()) refuse(entryKind(stats));
  return { path, stats };
}

/** Open a tenant's inbox folder `name`; throws InboxFolderError when it is not a real folder inside the inbox. */
export function openInboxFolder(tenantInbox: string, slug: string, name: InboxFolderName): InboxFolder {
  const { path, stats } = checkedEntry(tenantInbox, slug, name);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | O_DIRECTORY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InboxFolderError(
      `the inbox folder ${name}/ of ${slug} ${code === 'ELOOP' || code === 'ENOTDIR' ? 'changed into a link or a file while it was opened' : `cannot be opened (${code})`}: refused`,
    );
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isDirectory() || opened.ino !== stats.ino || opened.dev !== stats.dev)
      throw new InboxFolderError(`the inbox folder ${name}/ of ${slug} changed while it was opened: refused`);
    const real = realpathSync(FD_PATHS ? `/proc/self/fd/${fd}` : path);
    if (real !== join(realpathSync(tenantInbox), name))
      throw new InboxFolderError(`the inbox folder ${name}/ of ${slug} is not inside the tenant's inbox folder: refused`);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return folderAt(fd, path, () => checkedEntry(tenantInbox, slug, name));
}

/** The opened folder's operations; without descriptor paths, each re-checks the entry just before it (a smaller window). */
function folderAt(fd: number, path: string, recheck: () => unknown): InboxFolder {
  const base = () => {
    if (FD_PATHS) return `/proc/self/fd/${fd}`;
    recheck();
    return path;
  };
  const folder: InboxFolder = {
    path,
    moveIn(file, name) {
      renameSync(file, join(base(), name));
    },
    moveOut(name, to, newName) {
      to.moveIn(join(base(), name), newName);
    },
    read(name) {
      let input: number;
      try {
        input = openSync(join(base(), name), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch {
        return null;
      }
      try {
        return readFileSync(input, 'utf8');
      } finally {
        closeSync(input);
      }
    },
    remove(name) {
      rmSync(join(base(), name), { force: true });
    },
    write(name, text) {
      const target = join(base(), name);
      const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
      let out: number;
      try {
        out = openSync(target, flags, 0o640);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // Something planted under that name (a link is removed, not followed).
        unlinkSync(target);
        out = openSync(target, flags, 0o640);
      }
      try {
        writeSync(out, text);
      } finally {
        closeSync(out);
      }
    },
    close() {
      closeSync(fd);
    },
  };
  return folder;
}

/** Several inbox folders of one tenant: the existing ones opened and checked at once, a missing one made when first used. */
export interface InboxFolders {
  /** The folder `name`, made now when it is missing; throws InboxFolderError when it cannot be used. */
  get(name: InboxFolderName): InboxFolder;
  close(): void;
}

/** Open the tenant's inbox folders `names` that exist (all or none); throws InboxFolderError when one cannot be used. */
export function openInboxFolders(tenantInbox: string, slug: string, names: readonly InboxFolderName[]): InboxFolders {
  const opened = new Map<InboxFolderName, InboxFolder>();
  const close = () => opened.forEach((folder) => folder.close());
  try {
    for (const name of names) if (lstatOrNull(join(tenantInbox, name))) opened.set(name, openInboxFolder(tenantInbox, slug, name));
  } catch (error) {
    close();
    throw error;
  }
  return {
    get(name) {
      let folder = opened.get(name);
      if (!folder) {
        folder = openInboxFolder(tenantInbox, slug, name);
        opened.set(name, folder);
      }
      return folder;
    },
    close,
  };
}
