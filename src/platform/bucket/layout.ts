/**
 * The bucket layout of published sites, shared by the S3 publisher (writes it) and the edge
 * (reads it). Pure: the Cloudflare Worker bundles it. Under the store's prefix:
 *   <slug>/objects/<sha256>          a file's bytes, content-addressed per tenant (never rewritten)
 *   <slug>/releases/<id>.json        a release manifest: URL path -> object, size, headers
 *   <slug>/live.json                 the live pointer { release }, switched by one PUT
 *   _hosts/<host>.json               { slug }: a dealer's own host name -> its tenant
 *   _code/<key>/objects/<sha256>     a file every tenant's release of code version <key> shares
 *   _code/<key>/renderer.pack        that code version's compiled renderer (the pipeline's)
 *   _work/<kind>/<key>               what a release makes from inputs, by inputs (the pipeline's cache);
 *                                    _work/claims/<kind>/<key>: a worker making it (work-store.ts claim)
 */

/** Version of the manifest format this code writes when a release uses shared objects (`code` on a file); the edge reads every format up to it. */
export const MANIFEST_FORMAT = 2;
/** The manifest format of a release whose files are all the tenant's own (read by edges older than shared objects too). */
export const TENANT_MANIFEST_FORMAT = 1;

/** One file of a release. */
export interface PublishedFile {
  /** sha256 of the bytes (hex): the object key's last part. */
  object: string;
  size: number;
  /** Index into the manifest's `headers` (header sets are shared by many files). */
  headers: number;
  /** The code version whose shared objects hold it (`_code/<code>/objects/`); absent: the tenant's own objects. */
  code?: string;
}

/** A release as the edge serves it. */
export interface PublishedManifest {
  format: typeof MANIFEST_FORMAT | typeof TENANT_MANIFEST_FORMAT;
  slug: string;
  id: string;
  createdAt: string;
  /** Distinct response header sets (Content-Type, Cache-Control, the `_headers` rules of the path). */
  headers: Record<string, string>[];
  /** URL path of each file (`/cars/x/index.html`) -> its object. */
  files: Record<string, PublishedFile>;
}

/** The live pointer of a tenant. */
export interface LivePointer {
  release: string;
  at: string;
  /**
   * Releases live until recently (newest first, with when they stopped being live): an edge
   * may still serve one for the length of its pointer cache, so prune keeps them a while.
   */
  recent?: { release: string; until: string }[];
}

/** A host alias (a dealer's own domain). */
export interface HostAlias {
  slug: string;
}

/** Object keys of the layout (relative to the store's prefix). */
export const layout = {
  object: (slug: string, sha256: string) => `${slug}/objects/${sha256}`,
  objects: (slug: string) => `${slug}/objects/`,
  manifest: (slug: string, id: string) => `${slug}/releases/${id}.json`,
  manifests: (slug: string) => `${slug}/releases/`,
  live: (slug: string) => `${slug}/live.json`,
  host: (host: string) => `_hosts/${host}.json`,
  /** The object of a manifest's file: the tenant's own, or its code version's shared one. */
  fileObject: (slug: string, file: Pick<PublishedFile, 'object' | 'code'>) =>
    file.code ? `_code/${file.code}/objects/${file.object}` : `${slug}/objects/${file.object}`,
  codeObject: (code: string, sha256: string) => `_code/${code}/objects/${sha256}`,
  /** Everything of a code version (its shared objects and its compiled renderer). */
  code: (code: string) => `_code/${code}/`,
  renderer: (code: string) => `_code/${code}/renderer.pack`,
  /** The pipeline's shared work, by key (`drawings/<key>.webp`: work-store.ts). */
  work: (key: string) => `_work/${key}`,
};

/** Whether this code reads a manifest of `format` (the edge refuses others). */
export function readableManifestFormat(format: unknown): boolean {
  return format === MANIFEST_FORMAT || format === TENANT_MANIFEST_FORMAT;
}

/** Release id of a manifest key (`<slug>/releases/<id>.json`), or null. */
export function releaseOfManifestKey(key: string): string | null {
  return /\/releases\/([^/]+)\.json$/.exec(key)?.[1] ?? null;
}

/** The file a URL path is served from (the local server's rules: exact, `/index.html`, `.html`), or null. */
export function resolvePublishedPath(manifest: Pick<PublishedManifest, 'files'>, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || !decoded.startsWith('/')) return null;
  // Resolve dot segments the way a URL parser does; nothing can climb above the root.
  const parts: string[] = [];
  for (const part of decoded.split('/').slice(1)) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const path = `/${parts.join('/')}`;
  // The headers file is configuration for the server / CDN, not a page.
  if (path === '/_headers') return null;
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}/index.html`, `${path}.html`];
  return candidates.find((candidate) => Object.hasOwn(manifest.files, candidate)) ?? null;
}
