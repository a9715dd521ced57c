/**
 * Astro integration: a classic inline script in the head of every page (`injectScript('head-inline')`, hashed by
 * Astro for the Content-Security-Policy like the font-size boot script) that reserves the notice banner's space
 * kept from an earlier page of the visit (src/browser/banner-space.ts), before the first paint, when the window's
 * width and the font-size step are those it was measured at. Storage may be unavailable: then nothing happens.
 */
import type { AstroIntegration } from 'astro';
import { BANNER_SPACE_PROPERTY, BANNER_SPACE_STORAGE_KEY } from '../browser/banner-space';
import { FONT_SIZE_STORAGE_KEY } from '../browser/font-size';

/** The script: the kept `{ w, f, h }` becomes the root's BANNER_SPACE_PROPERTY when `w` and `f` match. */
export const noticeBannerBootScript = `try{var r=JSON.parse(sessionStorage.getItem(${JSON.stringify(BANNER_SPACE_STORAGE_KEY)})||'null');if(r&&r.w===innerWidth&&r.f===localStorage.getItem(${JSON.stringify(FONT_SIZE_STORAGE_KEY)})&&r.h>0&&r.h<2000)document.documentElement.style.setProperty(${JSON.stringify(BANNER_SPACE_PROPERTY)},r.h+'px')}catch(e){}`;

export default function noticeBannerBoot(): AstroIntegration {
  return {
    name: 'insurer:notice-banner-boot',
    hooks: {
      'astro:config:setup': ({ injectScript }) => {
        injectScript('head-inline', noticeBannerBootScript);
      },
    },
  };
}
