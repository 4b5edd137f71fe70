/**
 * The edge's defaults, written once: the EDGE_* variables' (publish.ts `edgeSettings`), the
 * Cloudflare Worker's when a binding is unset, and createEdgeHandler's when a caller hands no
 * setting (tests, scripts). No imports: the Worker bundles this file (no Node built-in).
 */

/** The edge's defaults (docs/deploy.md "Settings"). */
export const EDGE_DEFAULTS = {
  /** Where the Node edge listens (EDGE_PORT, EDGE_HOST). */
  port: 4330,
  host: '127.0.0.1',
  /** How long a tenant's live pointer is trusted, in ms: a switch shows within it (EDGE_POINTER_TTL_MS). */
  pointerTtlMs: 1000,
  /** Longest wait for one bucket read, in ms (EDGE_READ_TIMEOUT_MS). */
  readTimeoutMs: 2000,
  /** Memory for the last good copies of small files, in MB (EDGE_COPY_MB). */
  copyMegabytes: 32,
  /** The same in a Worker isolate (its COPY_MB binding), which has 128 MB in all. */
  workerCopyMegabytes: 16,
} as const;
