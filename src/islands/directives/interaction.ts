/**
 * `client:interaction`: an island whose static HTML is already the page (the search page's
 * first results, filters and counts are built into it) loads and hydrates when the shopper
 * starts to use it, not when the page loads, so until then the page downloads no island
 * JavaScript. What the shopper did meanwhile is held and replayed (see `interaction` below).
 * Registered in astro.config.mjs; docs/search.md has the effect and the trade-off.
 */
import type { ClientDirective } from 'astro';

/** Events that show the shopper is about to use the island. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Elements whose click does something only the live island can do. */
const CONTROLS = 'button, input, select, textarea, label, summary, [role="button"], [role="checkbox"], [role="switch"], [role="slider"], [role="tab"]';

type Editable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isEditable = (target: EventTarget | null): target is Editable =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/** A text the shopper typed or an option chosen (checkbox and radio changes come as clicks). */
const isValueEdit = (target: Editable) => !(target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio'));

/** The value a control had in the built HTML. */
function builtValue(target: Editable): string {
  if (target instanceof HTMLSelectElement) return (target.querySelector<HTMLOptionElement>('option[selected]') ?? target.options[0])?.value ?? '';
  return target.defaultValue;
}

/** Set a control's value the way typing does, so React's change tracking sees it. */
function setValueAsTyped(target: Editable, value: string): void {
  const prototype = Object.getPrototypeOf(target) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(target, value);
  else target.value = value;
  target.dispatchEvent(new Event('input', { bubbles: true }));
  target.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Resolves when `root` or an element inside it matches `selector` (at once without a selector). */
function whenLive(root: HTMLElement, selector: string | undefined): Promise<void> {
  const matches = () => !selector || root.matches(selector) || root.querySelector(selector) !== null;
  if (matches()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!matches()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true });
  });
}

/**
 * The directive's contract:
 * - Intent starts the load: the pointer over the island, a touch, focus (keyboard or a tap
 *   into the search box), a key.
 * - What the shopper did before the island was live is not lost: clicks on its controls
 *   (buttons, checkboxes, labels, selects, disclosure toggles) are held and replayed once it
 *   is live, and text typed or options chosen are put back through React's own change
 *   events. An Enter in one of its forms (a submit) is held too and replayed after the text,
 *   so a search typed or pasted and sent at once is read as the shopper sent it. Plain links
 *   inside it navigate as they always do (their pages exist).
 * - "Live" is hydrated, or, when the directive is given a CSS selector
 *   (`client:interaction="[data-search-phase=live]"`), when an element inside the island
 *   matches it: the search island hydrates into its built results with inert controls and
 *   wires them once the engine has answered.
 * - A control that works before the island is live says so, with the document selector that
 *   tells it is ready: `data-interaction-ready="html[data-lead-modals=ready]"` (a search card's
 *   Quick Enquiry button needs the dialog's listener, not the engine). Its held click is replayed
 *   as soon as that selector matches, and later clicks pass straight through, so the dialog
 *   opens even when the engine never answers (offline, a missing index).
 * - A URL that asks for another state than the built page (a query string or a hash: shared
 *   links, back to a refined search, the hero search's submit) hydrates at once, because the
 *   built HTML shows the route's unrefined results.
 */
const interaction: ClientDirective = (load, options, el) => {
  const liveSelector = typeof options.value === 'string' && options.value !== '' ? options.value : undefined;
  let started = false;
  const clicks: HTMLElement[] = [];
  /** Control -> [value the built HTML had, value the shopper left]. */
  const edits = new Map<Editable, [string, string]>();

  const onClick = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
    if (!control || !el.contains(control)) return;
    const ready = control.dataset.interactionReady;
    if (ready && document.querySelector(ready)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (ready) void whenLive(document.documentElement, ready).then(() => control.isConnected && control.click());
    else clicks.push(control);
    start();
  };
  const onEdit = (event: Event) => {
    const target = event.target;
    if (!isEditable(target) || !isValueEdit(target)) return;
    edits.set(target, [edits.get(target)?.[0] ?? builtValue(target), target.value]);
    start();
  };
  /** Forms submitted (Enter) before the island was live, replayed after the text. */
  const submits = new Set<HTMLFormElement>();
  // The built search form has no action: Enter would reload the page and lose the text.
  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) submits.add(event.target);
    start();
  };

  const listeners: [string, EventListener][] = [
    ...INTENT_EVENTS.map((type) => [type, () => start()] as [string, EventListener]),
    ['click', onClick],
    ['input', onEdit],
    ['change', onEdit],
    ['submit', onSubmit],
  ];
  for (const [type, listener] of listeners) el.addEventListener(type, listener, { capture: true });

  function replay(): void {
    for (const [type, listener] of listeners) el.removeEventListener(type, listener, { capture: true });
    for (const [target, [built, value]] of edits) {
      if (!target.isConnected) continue;
      // Through the built value first: React may already hold the typed text without having acted on it.
      setValueAsTyped(target, built);
      setValueAsTyped(target, value);
    }
    for (const control of clicks) if (control.isConnected) control.click();
    for (const form of submits) if (form.isConnected) form.requestSubmit();
  }

  function start(): void {
    if (started) return;
    started = true;
    void (async () => {
      const hydrate = await load();
      await hydrate();
      await whenLive(el, liveSelector);
      replay();
    })();
  }

  if (window.location.search !== '' || window.location.hash !== '') start();
};

export default interaction;
