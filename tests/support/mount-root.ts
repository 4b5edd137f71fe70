/**
 * Test helper for the island component tests (happy-dom): a host element in the document and a
 * React root on it, made before each test and unmounted and removed after it. Import it only
 * from tests: it registers vitest hooks where it is called.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface MountedRoot {
  /** The element the widget renders into (in document.body). */
  readonly host: HTMLElement;
  /** Render `element` into the host (inside act). */
  render(element: ReactNode): void;
  /** Unmount and start a fresh root on the same host, for a test that mounts a second time from scratch. */
  reset(): void;
}

/** A fresh host and React root for every test of the calling file. */
export function mountRoot(): MountedRoot {
  let host: HTMLElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root!.unmount());
    host!.remove();
    host = undefined;
    root = undefined;
  });
  return {
    get host() {
      if (!host) throw new Error('mountRoot: the host exists only while a test runs');
      return host;
    },
    render(element) {
      act(() => root!.render(element));
    },
    reset() {
      act(() => root!.unmount());
      root = createRoot(host!);
    },
  };
}
