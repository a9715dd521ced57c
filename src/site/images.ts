/**
 * How the site shows the portal's images (REFERENCE.md "Browser side": "Images"): the slots a page puts them in, the widths made
 * for each slot, the formats, and the limits of the build's image step (src/integrations/images.ts). Site choices,
 * measured against the layout of src/styles/global.css (content 1200 px wide, card grid of 1, 2 or 3 columns).
 */

/**
 * One place a page shows a portal image.
 * - `widths`: the variant widths made for it, in px (never wider than the source; a 2× screen takes the next one up).
 *   Few on purpose: each is three encodings (AVIF the slowest), and a step of about 2× between them keeps what a
 *   screen downloads within about twice what it draws;
 * - `sizes`: the `sizes` attribute, how wide the slot is drawn at each viewport width;
 * - `ratio`: width / height the slot draws at (CSS `aspect-ratio` with `object-fit: cover`), for the placeholder.
 */
export interface ImageSlot {
  widths: readonly number[];
  sizes: string;
  ratio: number;
}

/** The slots, by name. */
export const IMAGE_SLOTS = {
  /** Home banner on tablets and desktops: the full width of the window (1920 px sources). */
  banner: { widths: [768, 1440, 1920], sizes: '100vw', ratio: 1920 / 672 },
  /** Home banner on phones (art direction: the portal's `mobileImage`, portrait 750 px sources). */
  bannerMobile: { widths: [390, 750], sizes: '100vw', ratio: 750 / 900 },
  /** Cover in a list card (news, events, winners, shares): one, two or three cards a row. */
  card: {
    widths: [400, 800],
    sizes: '(min-width: 1248px) 380px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 5rem) / 2), calc(100vw - 2rem)',
    ratio: 16 / 9,
  },
  /** Cover at the top of a detail page (news, events, winners, shares; at most 800 px wide). */
  cover: { widths: [800, 1200], sizes: '(min-width: 880px) 800px, calc(100vw - 2rem)', ratio: 16 / 9 },
  /** Coupon art in the coupon list and on home. */
  coupon: {
    widths: [400, 800],
    sizes: '(min-width: 1248px) 380px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 5rem) / 2), calc(100vw - 2rem)',
    ratio: 8 / 5,
  },
  /** Coupon art on its detail page. */
  couponDetail: { widths: [800, 1200], sizes: '(min-width: 880px) 800px, calc(100vw - 2rem)', ratio: 8 / 5 },
} as const satisfies Record<string, ImageSlot>;

/**
 * The media conditions of the banner's art direction: the portal's phone image (`mobileImage`, slot bannerMobile)
 * below the tablet breakpoint of src/styles/global.css (768 px), the desktop image above.
 */
export const ART_DIRECTION_MEDIA = { phone: '(max-width: 767px)', wide: '(min-width: 768px)' } as const;

/** A slot's name. */
export type ImageSlotName = keyof typeof IMAGE_SLOTS;

/** Share image (og:image): 1200×630 px, the size Facebook and LINE show large; cropped from the cover's centre. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/**
 * Encodings of the variants, in the order a `<picture>` offers them: AVIF, then WebP, then the fallback every browser
 * shows (JPEG, or PNG for a source with transparency). Quality on each encoder's scale; AVIF at sharp's effort 2
 * (effort 4 took 12× as long on a 1920 px photograph for no smaller file). The PNG is a palette PNG at sharp's effort 4:
 * effort 7 took 3.8× as long (0.87 s against 0.23 s for an 800×500 coupon picture, the costliest variant of the image
 * step, near its time limit on a busy machine) for a file 16 % smaller, and only a browser without AVIF and WebP
 * fetches it.
 */
export const IMAGE_ENCODINGS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, effort: 4 },
} as const;

/**
 * Largest source picture the build decodes, in pixels (sharp's `limitInputPixels`): a 24-megapixel camera picture
 * (6000×4000) passes; a decompression bomb (a small file declaring, say, 30,000×30,000 pixels) is refused before
 * it is decoded.
 */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;

/** Largest source file the build downloads, in bytes (a camera JPEG of 24 megapixels is 8–15 MB). */
export const IMAGE_MAX_SOURCE_BYTES = 30 * 1024 * 1024;

/** Time limit of one image download at build time, its body included, in ms. */
export const IMAGE_FETCH_TIMEOUT_MS = 20_000;

/**
 * Time limit of making one source's variants (every width and encoding, and its share image), in ms. Past it the
 * image is refused like a corrupt one (placeholder, named in the publish report), so one small file that declares a
 * huge, slow-to-decode picture (a 2 KB AVIF of 6320×6320 px takes seconds per decode) cannot spend the build's whole
 * IMAGE_BUDGET_SECONDS. A 24-megapixel source (6000×4000) makes all its variants in 1.3 s as JPEG and 2.9 s as WebP
 * on the 2-core build machine, well within it. Enforced with sharp's own `timeout` on each pipeline and a check
 * between pipelines, so a transform ends at most one decode after the limit.
 */
export const IMAGE_TRANSFORM_TIMEOUT_MS = 15_000;

/**
 * Images the build checks against the portal at once (downloads and conditional requests; the transforms themselves
 * run one per core). The checks wait on the network: at 10,000 items a build checks about 1,800 images, and at a
 * remote portal's 20–50 ms per round trip, two at a time would cost a no-change rebuild 20–45 s.
 */
export const IMAGE_CHECK_CONCURRENCY = 16;

/** Folder of the variants in the output folder, served as immutable files (names carry their content's hash). */
export const IMAGE_OUTPUT_FOLDER = '_images';

/**
 * One file the build's image step (src/integrations/images.ts) made from a source. `file` is its name in the cache
 * and in `dist/_images/`.
 */
export interface ImageVariant {
  width: number;
  height: number;
  file: string;
  /** Size in bytes. */
  bytes: number;
}

/** An image whose variants exist. */
export interface ReadyImage {
  status: 'ready';
  /** The source's size in px, after its EXIF orientation. */
  width: number;
  height: number;
  /** The fallback's encoding: PNG when the source has transparency, else JPEG. */
  fallback: 'jpeg' | 'png';
  /** The variants by encoding, narrowest first. */
  variants: { avif: ImageVariant[]; webp: ImageVariant[]; fallback: ImageVariant[] };
  /** The 1200×630 share image, for images used as covers. */
  share?: ImageVariant;
}

/** An image shown as the portal serves it: a vector drawing (SVG), never rasterised or inlined. */
export interface VectorImage {
  status: 'vector';
}

/** An image that cannot be shown: the reason in English (build log) and zh-TW (publish report). */
export interface FailedImage {
  status: 'failed';
  reason: string;
  reasonZh: string;
}

/** What the build knows of one image. */
export type ImageEntry = ReadyImage | VectorImage | FailedImage;

/** The build's images: base path (`images/news/1.jpg`) → entry. An image not in it shows the portal's URL. */
export type ImageManifest = Record<string, ImageEntry>;

/** Default of IMAGE_BUDGET_SECONDS: the transformation time one build may spend, in seconds. */
export const IMAGE_BUDGET_SECONDS_DEFAULT = 300;
