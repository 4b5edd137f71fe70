/**
 * A link that opens a new tab (target="_blank") and says so in NEW_TAB_NOTE's words (WCAG
 * 3.2.5). On its own, the note follows its visible words in its name (a visually-hidden span
 * whose text starts with a space: 'terms of use (opens in a new tab)' however a browser spaces
 * it). Inside a checkbox's label, `note` names a NewTabNote outside the label and the note is
 * the link's description: the link's name is its visible words, and the checkbox's name its
 * visible label (2.5.3; a note in the link's name would be in the checkbox's too).
 */
import type { ReactNode } from 'react';
import { NEW_TAB_NOTE } from '../../lib/text/accessible-names.ts';

/** `rel` 'noopener' by default (the site's own pages); 'noopener noreferrer' for another site's. `note`: the id of a NewTabNote outside the label holding the link. */
export function NewTabLink({ href, rel = 'noopener', note, children }: { href: string; rel?: string; note?: string; children: ReactNode }) {
  if (note)
    return (
      <a href={href} target="_blank" rel={rel} aria-describedby={note}>
        {children}
      </a>
    );
  return (
    <a href={href} target="_blank" rel={rel}>
      {children}
      <span className="visually-hidden">{NEW_TAB_NOTE}</span>
    </a>
  );
}

/** The id of the NewTabNote of the checkbox `fieldId`'s label. */
export const newTabNoteId = (fieldId: string): string => `${fieldId}-new-tab`;

/** The note the new-tab links of one label are described by (hidden: read as their description only, never on its own). */
export function NewTabNote({ id }: { id: string }) {
  return (
    <span id={id} hidden>
      {NEW_TAB_NOTE}
    </span>
  );
}
