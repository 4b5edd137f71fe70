/**
 * The inbox's own folders (inbox-folders.ts) on real folders: a folder swapped for a link
 * after it was opened, and a report name planted as a link, are never written through.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InboxFolderError, openInboxFolder, openInboxFolders } from './inbox-folders.ts';

let root = '';
let inbox = '';
let outside = '';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'inbox-folders-'));
  inbox = join(root, 'inbox', 'acme');
  outside = join(root, 'outside');
  mkdirSync(inbox, { recursive: true });
  mkdirSync(outside);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('NEW-2 inbox folders', () => {
  it('NEW-2: a folder swapped for a link after it was opened: the move and the report land in the folder that was checked', () => {
    const folder = openInboxFolder(inbox, 'acme', 'processed');
    try {
      renameSync(join(inbox, 'processed'), join(inbox, 'processed.old'));
      symlinkSync(outside, join(inbox, 'processed'));
      writeFileSync(join(inbox, 'feed.json'), '[]');
      folder.moveIn(join(inbox, 'feed.json'), 'stamped-feed.json');
      folder.write('stamped-feed.json.report.txt', 'report');
    } finally {
      folder.close();
    }
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(join(inbox, 'processed.old')).sort()).toEqual(['stamped-feed.json', 'stamped-feed.json.report.txt']);
  });

  it('NEW-2: a report name planted as a link is replaced, not followed', () => {
    const target = join(root, 'victim.txt');
    writeFileSync(target, 'untouched');
    mkdirSync(join(inbox, 'rejected'));
    symlinkSync(target, join(inbox, 'rejected', 'x.report.txt'));
    const folder = openInboxFolder(inbox, 'acme', 'rejected');
    try {
      folder.write('x.report.txt', 'the report');
    } finally {
      folder.close();
    }
    expect(readFileSync(target, 'utf8')).toBe('untouched');
    expect(readFileSync(join(inbox, 'rejected', 'x.report.txt'), 'utf8')).toBe('the report');
  });

  it('NEW-2: links, files and links to folders inside the inbox are refused; a missing folder is made only when used', () => {
    symlinkSync(outside, join(inbox, 'processed'));
    expect(() => openInboxFolder(inbox, 'acme', 'processed')).toThrow(InboxFolderError);
    expect(() => openInboxFolder(inbox, 'acme', 'processed')).toThrow(/processed\/ of acme is a symbolic link, not a folder: refused/);
    writeFileSync(join(inbox, 'held'), 'x');
    expect(() => openInboxFolder(inbox, 'acme', 'held')).toThrow(/held\/ of acme is not a folder: refused/);
    expect(() => openInboxFolders(inbox, 'acme', ['rejected', 'processed'])).toThrow(InboxFolderError);
    const folders = openInboxFolders(inbox, 'acme', ['rejected']);
    expect(readdirSync(inbox).sort()).toEqual(['held', 'processed']);
    folders.get('rejected').write('a.txt', 'a');
    folders.close();
    expect(readdirSync(join(inbox, 'rejected'))).toEqual(['a.txt']);
  });
});
