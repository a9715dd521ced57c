/**
 * Raster images as the portal's editors upload them (the sample is not the field: a site measured on small SVG
 * drawings says nothing of the photographs visitors download). Each image is made in code from its key, the same
 * bytes on every machine (a seeded generator, no font, no randomness of sharp), encoded with sharp, and kept in a
 * cache folder so that only the first start pays for it.
 *
 * A "photograph" is a smooth field of natural colours with soft light spots and per-pixel grain, so that it
 * compresses like a camera picture (a flat drawing of the same size would be a few KB): a 1920×672 banner is
 * about 350 KB as a JPEG at quality 85, as editors' banners are.
 *
 * Formats (PHOTO_FORMATS): baseline and progressive JPEG, a CMYK JPEG (print artwork uploaded as is), PNG with
 * transparency (coupon art), WebP, an animated GIF.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** Where generated images are kept between starts (inside node_modules, like Astro's own cache). */
export const PHOTO_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/sample-portal-photos/', import.meta.url));

/** Bump when the drawing or encoding changes, so cached files of the old kind are not served. */
const PHOTO_VERSION = 1;

/**
 * How each kind of image is uploaded: pixel size and encoding.
 * `format`: jpeg | jpeg-progressive | jpeg-cmyk | png-alpha | webp | gif-animated.
 */
export const PHOTO_KINDS = Object.freeze({
  /** Home banner, desktop (1920 px wide, as editors export them). */
  banner: { width: 1920, height: 672, format: 'jpeg' },
  /** Home banner, phone variant (art-directed, portrait). */
  bannerMobile: { width: 750, height: 900, format: 'jpeg' },
  /** Article and event cover from a camera or design tool. */
  cover: { width: 1200, height: 800, format: 'jpeg' },
  /** A large cover straight from a camera (several MB). */
  coverLarge: { width: 4000, height: 2667, format: 'jpeg' },
  /** A cover saved as progressive JPEG. */
  coverProgressive: { width: 1600, height: 1067, format: 'jpeg-progressive' },
  /** A cover in CMYK (print artwork). */
  coverCmyk: { width: 1200, height: 800, format: 'jpeg-cmyk' },
  /** A cover uploaded as WebP. */
  coverWebp: { width: 1200, height: 800, format: 'webp' },
  /** Coupon art: PNG with transparent corners. */
  coupon: { width: 800, height: 500, format: 'png-alpha' },
  /** A small animated GIF (a coupon's sparkle). */
  animated: { width: 320, height: 200, format: 'gif-animated' },
});

/** File extension of each format. */
export const PHOTO_FORMATS = Object.freeze({
  jpeg: 'jpg',
  'jpeg-progressive': 'jpg',
  'jpeg-cmyk': 'jpg',
  'png-alpha': 'png',
  webp: 'webp',
  'gif-animated': 'gif',
});

/** Media type of each extension. */
export const PHOTO_TYPES = Object.freeze({ jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' });

/** A seeded generator of numbers in [0, 1) (mulberry32): the same key gives the same picture everywhere. */
function random(seedText) {
  let seed = createHash('sha1').update(String(seedText)).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Natural colour families (sky, sea, foliage, dusk, city), RGB. */
const SCENES = [
  [
    [120, 170, 220],
    [200, 225, 245],
    [70, 120, 80],
    [150, 180, 110],
    [235, 225, 200],
  ],
  [
    [30, 80, 140],
    [90, 160, 200],
    [230, 210, 170],
    [250, 240, 220],
    [40, 110, 150],
  ],
  [
    [250, 180, 120],
    [220, 110, 90],
    [120, 70, 110],
    [40, 40, 80],
    [255, 220, 160],
  ],
  [
    [90, 100, 110],
    [160, 170, 180],
    [200, 190, 170],
    [60, 60, 70],
    [230, 200, 120],
  ],
  [
    [200, 40, 50],
    [240, 230, 220],
    [60, 70, 100],
    [180, 150, 120],
    [250, 250, 245],
  ],
];

/**
 * The pixels of one picture: RGB (or RGBA with transparent rounded corners), `width × height × channels` bytes.
 * @param {string} key seeds the scene, the field and the grain
 * @param {number} width px
 * @param {number} height px
 * @param {boolean} alpha whether to add the alpha channel
 * @returns {Buffer}
 */
export function photoPixels(key, width, height, alpha = false) {
  const next = random(key);
  const scene = SCENES[Math.floor(next() * SCENES.length)];
  // A coarse grid of colours, bilinearly spread over the picture: a smooth, photo-like field.
  const gx = 7;
  const gy = 5;
  const grid = Array.from({ length: gx * gy }, () => {
    const base = scene[Math.floor(next() * scene.length)];
    return base.map((channel) => channel + (next() - 0.5) * 40);
  });
  // Soft light spots (out-of-focus highlights).
  const spots = Array.from({ length: 6 }, () => ({ x: next() * width, y: next() * height, r: (0.05 + next() * 0.15) * width, a: 30 + next() * 50 }));
  // Hard edges, as a photograph has: a skyline of blocks along the bottom, darker than the field.
  const blocks = [];
  for (let x = 0; x < width; ) {
    const w = (0.03 + next() * 0.09) * width;
    blocks.push({ x0: x, x1: x + w, top: height * (0.55 + next() * 0.35), shade: 0.45 + next() * 0.3 });
    x += w;
  }
  const grainLevels = alpha ? 8 : 20;
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  const radius = Math.min(width, height) * 0.08;
  for (let y = 0; y < height; y += 1) {
    const fy = (y / (height - 1)) * (gy - 1);
    const y0 = Math.min(gy - 2, Math.floor(fy));
    const ty = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = (x / (width - 1)) * (gx - 1);
      const x0 = Math.min(gx - 2, Math.floor(fx));
      const tx = fx - x0;
      const a = grid[y0 * gx + x0];
      const b = grid[y0 * gx + x0 + 1];
      const c = grid[(y0 + 1) * gx + x0];
      const d = grid[(y0 + 1) * gx + x0 + 1];
      let light = 0;
      for (const spot of spots) {
        const dx = x - spot.x;
        const dy = y - spot.y;
        const d2 = (dx * dx + dy * dy) / (spot.r * spot.r);
        if (d2 < 1) light += spot.a * (1 - d2);
      }
      // Grain: the sum of two uniform draws, about ±grainLevels, as a camera sensor's noise.
      const grain = (next() + next() - 1) * grainLevels;
      let block = blocks[0];
      for (const candidate of blocks) if (x >= candidate.x0 && x < candidate.x1) block = candidate;
      const shade = y >= block.top ? block.shade : 1;
      const offset = (y * width + x) * channels;
      for (let k = 0; k < 3; k += 1) {
        const top = a[k] + (b[k] - a[k]) * tx;
        const bottom = c[k] + (d[k] - c[k]) * tx;
        pixels[offset + k] = Math.max(0, Math.min(255, Math.round((top + (bottom - top) * ty + light) * shade + grain)));
      }
      if (alpha) {
        // Transparent rounded corners, as coupon art cut out of its background.
        const cx = Math.max(radius - x, x - (width - 1 - radius), 0);
        const cy = Math.max(radius - y, y - (height - 1 - radius), 0);
        pixels[offset + 3] = cx * cx + cy * cy > radius * radius ? 0 : 255;
      }
    }
  }
  return pixels;
}

/**
 * Encodes one picture of a kind.
 * @param {string} key seeds the picture (the image's path)
 * @param {keyof typeof PHOTO_KINDS} kind
 * @returns {Promise<Buffer>} the file's bytes
 * @throws {Error} on an unknown kind
 */
export async function encodePhoto(key, kind) {
  const spec = PHOTO_KINDS[kind];
  if (!spec) throw new Error(`unknown photo kind "${kind}" (one of ${Object.keys(PHOTO_KINDS).join(', ')})`);
  const { default: sharp } = await import('sharp');
  const { width, height, format } = spec;
  const alpha = format === 'png-alpha';
  const raw = { raw: { width, height, channels: alpha ? 4 : 3 } };
  if (format === 'gif-animated') {
    // Three frames, each its own scene.
    const frames = [0, 1, 2].map((frame) => photoPixels(`${key}#${frame}`, width, height));
    const strip = Buffer.concat(frames);
    return sharp(strip, { raw: { width, height: height * frames.length, channels: 3, pageHeight: height } })
      .gif({ loop: 0, delay: frames.map(() => 400) })
      .toBuffer();
  }
  const image = sharp(photoPixels(key, width, height, alpha), raw);
  if (format === 'jpeg') return image.jpeg({ quality: 85, chromaSubsampling: '4:2:0' }).toBuffer();
  if (format === 'jpeg-progressive') return image.jpeg({ quality: 85, progressive: true }).toBuffer();
  if (format === 'jpeg-cmyk') return image.toColourspace('cmyk').jpeg({ quality: 85 }).toBuffer();
  if (format === 'png-alpha') return image.png({ compressionLevel: 9 }).toBuffer();
  return image.webp({ quality: 80 }).toBuffer();
}

/**
 * Uploads of a rare kind, by path (the sample content's items that carry them): a camera's 4000 px original, a
 * progressive JPEG, a CMYK JPEG. A `.webp` cover is a WebP and a `.gif` coupon an animated GIF whatever its path.
 */
export const SPECIAL_PHOTOS = Object.freeze({
  'images/news/41.jpg': 'coverLarge',
  'images/news/35.jpg': 'coverProgressive',
  'images/event/15.jpg': 'coverCmyk',
});

/**
 * The kind of picture a registered image of the sample content is (data.mjs imageRegistry entries).
 * @param {{ kind: string, mobile?: boolean }} entry
 * @param {string} path the image's path
 * @returns {keyof typeof PHOTO_KINDS}
 */
export function photoKind(entry, path) {
  if (SPECIAL_PHOTOS[path]) return SPECIAL_PHOTOS[path];
  if (path.endsWith('.webp')) return 'coverWebp';
  if (path.endsWith('.gif')) return 'animated';
  if (entry.kind === 'banner') return entry.mobile ? 'bannerMobile' : 'banner';
  if (entry.kind === 'coupon' && path.endsWith('.png')) return 'coupon';
  return 'cover';
}

/** Pictures made per kind; every image of that kind is one of them, marked with its own path (photo). */
export const PHOTO_POOL_SIZE = 8;

/** Kinds given to one image each rather than drawn from the pool (the rare uploads: huge, CMYK, WebP, GIF…). */
const UNPOOLED = new Set(['coverLarge', 'coverProgressive', 'coverCmyk', 'coverWebp', 'animated']);

/**
 * The image's bytes with its path written into them as metadata (a JPEG COM segment, a PNG tEXt chunk): two images of
 * the pool's same picture are two different files, as two uploads are, so a build makes the variants of each (the
 * scale generator's 10,000 items cost what that many uploads would) while the portal draws only PHOTO_POOL_SIZE
 * pictures a kind. Other formats are returned unchanged.
 */
export function markedWith(bytes, key) {
  const text = Buffer.from(`sample-portal ${key}`, 'utf8').subarray(0, 60_000);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const segment = Buffer.alloc(4);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(text.length + 2, 2);
    return Buffer.concat([bytes.subarray(0, 2), segment, text, bytes.subarray(2)]);
  }
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), text]);
    const type = Buffer.from('tEXt', 'latin1');
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    type.copy(chunk, 4);
    data.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
    // After the 8-byte signature and the 25-byte IHDR chunk.
    return Buffer.concat([bytes.subarray(0, 33), chunk, bytes.subarray(33)]);
  }
  return bytes;
}

/**
 * The image at `key` (its path) of a kind: for pooled kinds one of the pool's pictures marked with the key
 * (markedWith), else its own picture.
 * @param {string} key the image's path
 * @param {keyof typeof PHOTO_KINDS} kind
 * @param {string} [cacheDir]
 * @returns {Promise<Buffer>}
 */
export async function photoFor(key, kind, cacheDir = PHOTO_CACHE_DIR) {
  if (UNPOOLED.has(kind)) return photo(key, kind, cacheDir);
  const slot = createHash('sha1').update(key).digest().readUInt32LE(0) % PHOTO_POOL_SIZE;
  return markedWith(await photo(`pool ${kind} ${slot}`, kind, cacheDir), key);
}

/**
 * One picture, from the cache folder or made and kept there.
 * @param {string} key the image's path (seeds it and names the cached file)
 * @param {keyof typeof PHOTO_KINDS} kind
 * @param {string} [cacheDir] PHOTO_CACHE_DIR unless given
 * @returns {Promise<Buffer>}
 */
export async function photo(key, kind, cacheDir = PHOTO_CACHE_DIR) {
  const name = `${createHash('sha1').update(`${PHOTO_VERSION}\n${kind}\n${key}`).digest('hex').slice(0, 20)}.${PHOTO_FORMATS[PHOTO_KINDS[kind].format]}`;
  const file = join(cacheDir, name);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await encodePhoto(key, kind);
  mkdirSync(cacheDir, { recursive: true });
  // Written whole, then renamed: two portals starting at once never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes;
}
