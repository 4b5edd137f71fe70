/**
 * One responsive photo, server-rendered from Astro pages and inside islands alike:
 * `<picture>` with AVIF and WebP sources and a JPEG `<img>` for a processed feed photo, a
 * plain `<img srcset>` otherwise. Width and height are always set (no layout shift); the
 * photo's dominant colour is painted behind it until it loads. Renders no script.
 */
import type { CSSProperties } from 'react';
import type { ImageSources } from '../../lib/images.ts';

export interface PictureProps {
  image: ImageSources;
  alt: string;
  width: number;
  height: number;
  /** Overrides the image's default `sizes`. */
  sizes?: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
  draggable?: boolean;
}

// The picture element lays out as if only the img were there (existing `x img` CSS keeps working).
const CONTENTS: CSSProperties = { display: 'contents' };

export default function Picture({ image, alt, width, height, sizes, loading = 'lazy', fetchPriority, className, draggable }: PictureProps) {
  const size = sizes ?? image.sizes;
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? size : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={loading === 'eager' ? undefined : 'async'}
      draggable={draggable}
      style={image.placeholder ? { backgroundColor: image.placeholder } : undefined}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture style={CONTENTS}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={size} />
      ))}
      {img}
    </picture>
  );
}
