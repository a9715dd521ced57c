/**
 * URLs of portal images and files, and where links lead, for the pages. The portal sends image and file paths
 * relative to its image base (REFERENCE.md "Portal data": "image under an image base path on the main site"); the host serves that
 * base (default `/upload/`, PUBLIC_IMAGE_BASE) from the portal, like `/api/`. Every decision is the one rule of
 * src/portal/links.ts (REFERENCE.md "Portal boundary"): an image names only the image base; a file names the base or an
 * http(s) URL; a link is a site path or opens a new tab.
 */
import { PUBLIC_IMAGE_BASE } from 'astro:env/client';
import { BASE_PATH_RULE, basePath, classifyFile, classifyLink, fileProblem } from '../portal/links';

export { classifyLink, isCompanyHost, leavesCompany } from '../portal/links';

/**
 * `images/coupon/3.svg` → `/upload/images/coupon/3.svg`: a path under the image base, and only there.
 * @throws Error naming the value when it is no base path (the schemas refuse such items first)
 */
export function assetUrl(path: string, base: string = PUBLIC_IMAGE_BASE): string {
  const inBase = basePath(path);
  if (inBase === undefined) throw new Error(`assetUrl: "${path.slice(0, 80)}" ${BASE_PATH_RULE}`);
  return `${base.replace(/\/+$/, '')}/${inBase}`;
}

/** Where a file link goes and whether it leaves for another host (download and disclosure files). */
export interface FileLink {
  href: string;
  /** Opens a new tab with `rel` and the 另開新視窗 hint (an http(s) URL, not the file base). */
  external: boolean;
}

/**
 * A portal file (`fileUrl`): under the file base (the image base, assetUrl) with a type of src/site/uploads.ts, or
 * an http(s) URL, which the page marks like every link that leaves the site (REFERENCE.md "Constants": the confirmation, the
 * new-tab hint and `rel`).
 * @throws Error naming the value and the rule it breaks when it is neither (the schemas refuse such items first)
 */
export function fileLink(value: string, base: string = PUBLIC_IMAGE_BASE): FileLink {
  const target = classifyFile(value);
  if (target === undefined) {
    const problem = fileProblem(value);
    throw new Error(
      `fileLink: "${value.slice(0, 80)}" ${problem ? `breaks rule "${problem.rule}": ${problem.reason}` : `${BASE_PATH_RULE}, or an http(s) URL`}`,
    );
  }
  return target.kind === 'base' ? { href: assetUrl(target.path, base), external: false } : { href: target.href, external: true };
}

/** True when a link leaves the site (an http(s) URL, links.ts classifyLink), for target/rel and the 另開新視窗 hint. */
export function isExternal(href: string): boolean {
  const target = classifyLink(href);
  return target !== undefined && target.kind !== 'site';
}
