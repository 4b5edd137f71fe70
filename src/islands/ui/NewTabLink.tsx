/**
 * A link that opens a new tab (target="_blank"), its name its visible words then NEW_TAB_NOTE
 * (WCAG 3.2.5): the note in a visually-hidden span whose text starts with a space, so the name
 * reads 'terms of use (opens in a new tab)' however a browser spaces the span.
 */
import type { ReactNode } from 'react';
import { NEW_TAB_NOTE } from '../../lib/text/accessible-names.ts';

/** `rel` 'noopener' by default (the site's own pages); 'noopener noreferrer' for another site's. */
export function NewTabLink({ href, rel = 'noopener', children }: { href: string; rel?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel={rel}>
      {children}
      <span className="visually-hidden">{NEW_TAB_NOTE}</span>
    </a>
  );
}
