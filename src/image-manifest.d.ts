/** The build's portal images (src/integrations/images.ts), read when a page renders. */
declare module 'virtual:insurer/images' {
  /**
   * Base path (`images/news/1.jpg`) → what the build made of it (`ready` variants, `vector`, `failed`); `{}` in the
   * dev server and before the image step has run. An image absent from it shows the portal's own URL.
   */
  export function imageManifest(): Readonly<Record<string, import('./site/images').ImageEntry>>;
}
