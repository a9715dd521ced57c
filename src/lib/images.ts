/**
 * What a page writes for a portal image (REFERENCE.md "Browser side": "Images"), from the build's image manifest
 * (src/integrations/images.ts, through the virtual module `virtual:insurer/images`):
 * - `variants`: a `<picture>` with AVIF and WebP sources and a JPEG/PNG `<img>`, each with a `srcset` of the slot's
 *   widths and the slot's `sizes`, and the source's real width and height (no layout shift);
 * - `original`: the portal's own URL (the image is a vector drawing, or its variants are not made yet: a build over
 *   its image budget, or the dev server), drawn at the slot's size;
 * - `placeholder`: the image cannot be shown (it failed to download, is no image or is too large); the page shows a
 *   neutral box with its alt text instead of a broken image.
 */
import { imageManifest } from 'virtual:insurer/images';
import { assetUrl } from './assets';
import {
  ART_DIRECTION_MEDIA,
  IMAGE_OUTPUT_FOLDER,
  IMAGE_SLOTS,
  type ImageManifest,
  type ImageSlotName,
  type ImageVariant,
  type ReadyImage,
} from '../site/images';

/** One `<source>` of a `<picture>`. */
export interface PictureSource {
  /** Media type (`image/avif`, `image/webp`, or the fallback's). */
  type: string;
  srcset: string;
  sizes: string;
  /** Media condition (art direction: the phone banner); undefined for every viewport. */
  media?: string;
  /** Size of the largest variant in px (the aspect ratio the browser reserves). */
  width: number;
  height: number;
}

/** How a page shows one portal image (module docstring). */
export type PortalPicture =
  | { kind: 'variants'; sources: PictureSource[]; fallback: PictureSource; src: string }
  | { kind: 'original'; src: string; width: number; height: number }
  | { kind: 'placeholder'; width: number; height: number };

/** Site path of a variant (`/_images/<file>`). */
export const variantUrl = (variant: Pick<ImageVariant, 'file'>): string => `/${IMAGE_OUTPUT_FOLDER}/${variant.file}`;

/** `a.avif 400w, b.avif 800w`. */
const srcsetOf = (variants: readonly ImageVariant[]): string => variants.map((variant) => `${variantUrl(variant)} ${variant.width}w`).join(', ');

/** The nominal size of a slot in px (its widest variant at its ratio), for images without a known size. */
function slotSize(slot: ImageSlotName): { width: number; height: number } {
  const { widths, ratio } = IMAGE_SLOTS[slot];
  const width = widths.at(-1)!;
  return { width, height: Math.round(width / ratio) };
}

/** The `<source>`s of a ready image: AVIF, WebP, then the fallback. */
function sourcesOf(entry: ReadyImage, sizes: string, media?: string): { sources: PictureSource[]; fallback: PictureSource } {
  const largest = entry.variants.fallback.at(-1)!;
  const source = (type: string, variants: readonly ImageVariant[]): PictureSource => ({
    type,
    srcset: srcsetOf(variants),
    sizes,
    media,
    width: largest.width,
    height: largest.height,
  });
  return {
    sources: [source('image/avif', entry.variants.avif), source('image/webp', entry.variants.webp)],
    fallback: source(entry.fallback === 'png' ? 'image/png' : 'image/jpeg', entry.variants.fallback),
  };
}

/**
 * How a page shows the portal image at `path` in `slot`.
 * @param path the base path the schema checked (`images/news/1.jpg`)
 * @param slot where it is shown (src/site/images.ts IMAGE_SLOTS)
 * @param options.media a media condition for every source (the phone banner's art direction)
 * @param options.manifest the build's manifest (default: the virtual module's)
 * @param options.imageBase the portal's image base for `original` (default PUBLIC_IMAGE_BASE)
 */
export function portalPicture(
  path: string,
  slot: ImageSlotName,
  options: { media?: string; manifest?: Readonly<ImageManifest>; imageBase?: string } = {},
): PortalPicture {
  const entry = (options.manifest ?? imageManifest())[path];
  if (entry?.status === 'failed') return { kind: 'placeholder', ...slotSize(slot) };
  if (entry?.status !== 'ready') {
    return { kind: 'original', src: assetUrl(path, options.imageBase), ...slotSize(slot) };
  }
  const { sources, fallback } = sourcesOf(entry, IMAGE_SLOTS[slot].sizes, options.media);
  // The `src` for browsers without srcset: the fallback closest above the slot's middle width.
  const middle = IMAGE_SLOTS[slot].widths[Math.floor(IMAGE_SLOTS[slot].widths.length / 2)];
  const src = variantUrl(entry.variants.fallback.find((variant) => variant.width >= middle) ?? entry.variants.fallback.at(-1)!);
  return { kind: 'variants', sources, fallback, src };
}

/**
 * The share image (og:image) of a page whose cover is the portal image at `path`: its 1200×630 JPEG, or undefined
 * when the build has none (no cover, a vector or failed image, not made yet), so the page announces the site's
 * default image (a raster one): never an SVG.
 * @returns the site path and size
 */
export function shareImage(
  path: string | undefined,
  manifest: Readonly<ImageManifest> = imageManifest(),
): { path: string; width: number; height: number } | undefined {
  const entry = path === undefined ? undefined : manifest[path];
  if (entry?.status !== 'ready' || !entry.share) return undefined;
  return { path: variantUrl(entry.share), width: entry.share.width, height: entry.share.height };
}

/** The attributes of one `<link rel="preload" as="image">` for a responsive image. */
export interface ImagePreload {
  imagesrcset: string;
  imagesizes: string;
  type: string;
  media?: string;
}

/**
 * Preloads for the page's largest paint (the home page's first banner): the AVIF `srcset` of each art-directed
 * picture, so the browser fetches the very file the `<picture>` will take, before it parses the body. One link per
 * layout (phone below 768 px, wider screens above); none for an image without variants.
 * @param path the desktop image; `mobilePath` the phone image (slot bannerMobile), if any
 * @returns the links' attributes (`type` image/avif: a browser without AVIF skips the preload, as it skips that source)
 */
export function picturePreloads(
  path: string,
  slot: ImageSlotName,
  mobilePath?: string,
  manifest: Readonly<ImageManifest> = imageManifest(),
): ImagePreload[] {
  const preload = (picture: PortalPicture, media?: string): ImagePreload[] =>
    picture.kind === 'variants'
      ? [{ imagesrcset: picture.sources[0].srcset, imagesizes: picture.sources[0].sizes, type: picture.sources[0].type, media }]
      : [];
  if (!mobilePath) return preload(portalPicture(path, slot, { manifest }));
  return [
    ...preload(portalPicture(mobilePath, 'bannerMobile', { manifest }), ART_DIRECTION_MEDIA.phone),
    ...preload(portalPicture(path, slot, { manifest }), ART_DIRECTION_MEDIA.wide),
  ];
}
