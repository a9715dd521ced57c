/**
 * URLs of portal images and files. The portal sends paths relative to its image base (spec §3: "image under an
 * image base path on the main site"); the host serves that base (default `/upload/`, PUBLIC_IMAGE_BASE) from
 * the portal, like `/api/`. Absolute http(s) URLs pass through unchanged.
 */
import { PUBLIC_IMAGE_BASE } from 'astro:env/client';

/** `images/coupon/3.svg` → `/upload/images/coupon/3.svg`. */
export function assetUrl(path: string, base: string = PUBLIC_IMAGE_BASE): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** True when a link leaves the site (http(s) URL), for target/rel and the 另開新視窗 hint. */
export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
