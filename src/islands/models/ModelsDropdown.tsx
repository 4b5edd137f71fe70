/**
 * The models dropdown (spec §4): a disclosure listing the body categories; it shows the
 * active body and closes after a choice (navigation to ?body=...). A choice, or Escape, with
 * focus in the list gives focus back to the button: the list, and the focused link, go away.
 */
import { useEffect, useRef, useState } from 'react';

interface Props {
  categories: { body: string; slug: string; count: number }[];
  active: string;
  onSelect: (slug: string) => void;
}

export default function ModelsDropdown({ categories, active, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const activeLabel = categories.find((category) => category.slug === active)?.body ?? 'All Models';

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (root.current?.contains(document.activeElement)) toggle.current?.focus();
      setOpen(false);
    };
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  const choose = (slug: string) => {
    onSelect(slug);
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="models-dropdown" ref={root}>
      <button
        type="button"
        ref={toggle}
        className="models-dropdown__toggle"
        aria-expanded={open}
        aria-controls="models-dropdown-list"
        onClick={() => setOpen(!open)}
      >
        Body type: {activeLabel}
      </button>
      {open && (
        <ul id="models-dropdown-list" className="models-dropdown__list">
          {[{ body: 'All Models', slug: 'all', count: 0 }, ...categories].map((category) => (
            <li key={category.slug}>
              <a
                href={category.slug === 'all' ? '?' : `?body=${category.slug}`}
                aria-current={category.slug === active ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  choose(category.slug);
                }}
              >
                {category.body}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
