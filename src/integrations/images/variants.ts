/**
 * Variants, the image step's transform (src/integrations/images.ts): one source decoded with sharp and written as
 * the widths of its slots (src/site/images.ts IMAGE_SLOTS, never wider than the source) in AVIF, WebP and a JPEG or
 * PNG fallback, plus a SHARE_IMAGE JPEG for share images, named by the hash of the source and the encodings.
 * In: the source's bytes and where it is shown. Out: its manifest entry (ready, vector or failed). Raises nothing
 * for a bad image (it is a `failed` entry); the file system's errors pass through.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
// Imported with the config: Astro's config loader closes its module runner before the build, so a later
// dynamic import() from here would fail.
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  IMAGE_ENCODINGS,
  type ImageEntry,
  type ImageSlotName,
  type ImageVariant,
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_SLOTS,
  IMAGE_TRANSFORM_TIMEOUT_MS,
  SHARE_IMAGE,
} from '../../site/images';
import { IMAGE_STEP_VERSION, writeFileAtomically } from './cache';
import type { ImageUse } from './discovery';

/** The variant widths for a source `width` px wide used in `slots`: theirs up to the source's, else the source's own. */
export function variantWidths(width: number, slots: readonly ImageSlotName[]): number[] {
  const wanted = [...new Set(slots.flatMap((slot): readonly number[] => IMAGE_SLOTS[slot].widths))].sort((a, b) => a - b);
  const fitting = wanted.filter((candidate) => candidate <= width);
  // A source narrower than a slot's widest variant is offered at its own width too.
  if (fitting.length === 0 || (fitting.at(-1)! < width && wanted.at(-1)! > width)) fitting.push(width);
  return fitting;
}

/**
 * Makes the variants of one source into `filesDir`.
 * @param bytes the source's bytes
 * @param digest SHA-256 of the bytes (names the files, with the encodings)
 * @param use where the image is shown (its slots; whether it is a share image)
 * @param timeoutMs time limit of the whole transform, in ms (IMAGE_TRANSFORM_TIMEOUT_MS): each sharp pipeline gets
 *   sharp's `timeout` of what is left (whole seconds, at least 1), none starts after it
 * @returns the entry: `ready` with its variants, `vector` for an SVG, `failed` when sharp cannot read it, it has
 *   more than IMAGE_MAX_INPUT_PIXELS pixels or its variants take longer than `timeoutMs`
 */
export async function makeVariants(
  bytes: Buffer,
  digest: string,
  use: Pick<ImageUse, 'slots' | 'share'>,
  filesDir: string,
  timeoutMs: number = IMAGE_TRANSFORM_TIMEOUT_MS,
): Promise<ImageEntry> {
  const deadline = performance.now() + timeoutMs;
  // sharp stops a pipeline past its timeout (whole seconds); a pipeline is not started once the time is spent.
  const limited = (pipeline: Sharp): Sharp => {
    const left = deadline - performance.now();
    if (left <= 0) throw new Error('time limit spent');
    return pipeline.timeout({ seconds: Math.max(1, Math.ceil(left / 1000)) });
  };
  const input = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch (error) {
    return { status: 'failed', reason: `not an image sharp can read (${(error as Error).message})`, reasonZh: '檔案不是可讀取的圖片' };
  }
  if (meta.format === 'svg') return { status: 'vector' };
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  const pixels = (meta.width ?? 0) * pageHeight;
  if (!meta.width || !pageHeight) return { status: 'failed', reason: 'an image without a size', reasonZh: '圖片沒有尺寸資訊' };
  if (pixels > IMAGE_MAX_INPUT_PIXELS) {
    return {
      status: 'failed',
      reason: `${meta.width}×${pageHeight} px is more than ${IMAGE_MAX_INPUT_PIXELS} pixels`,
      reasonZh: `圖片像素過多（${meta.width}×${pageHeight}，上限 ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} 百萬像素）`,
    };
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? pageHeight : meta.width;
  const height = turned ? meta.width : pageHeight;
  const fallback = meta.hasAlpha ? 'png' : 'jpeg';
  const key = createHash('sha256')
    .update(`${IMAGE_STEP_VERSION}\n${digest}\n${JSON.stringify(IMAGE_ENCODINGS)}`)
    .digest('hex')
    .slice(0, 16);
  const encode = async (format: 'avif' | 'webp' | 'jpeg' | 'png', targetWidth: number): Promise<ImageVariant> => {
    const extension = format === 'jpeg' ? 'jpg' : format;
    const file = `${key}-${targetWidth}.${extension}`;
    const targetHeight = Math.max(1, Math.round((height * targetWidth) / width));
    const out = join(filesDir, file);
    if (!existsSync(out)) {
      const pipeline = limited(sharp(bytes, input).rotate().resize({ width: targetWidth, withoutEnlargement: true }));
      const buffer = await pipeline.toFormat(format, IMAGE_ENCODINGS[format]).toBuffer();
      await writeFileAtomically(out, buffer);
      return { width: targetWidth, height: targetHeight, file, bytes: buffer.byteLength };
    }
    return { width: targetWidth, height: targetHeight, file, bytes: (await readFile(out)).byteLength };
  };
  try {
    const widths = variantWidths(width, use.slots);
    const variants = { avif: [] as ImageVariant[], webp: [] as ImageVariant[], fallback: [] as ImageVariant[] };
    for (const targetWidth of widths) {
      variants.avif.push(await encode('avif', targetWidth));
      variants.webp.push(await encode('webp', targetWidth));
      variants.fallback.push(await encode(fallback, targetWidth));
    }
    let share: ImageVariant | undefined;
    if (use.share) {
      const file = `${key}-share.jpg`;
      const out = join(filesDir, file);
      if (!existsSync(out)) {
        const buffer = await limited(sharp(bytes, input))
          .rotate()
          .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'centre' })
          .flatten({ background: '#ffffff' })
          .jpeg(IMAGE_ENCODINGS.jpeg)
          .toBuffer();
        await writeFileAtomically(out, buffer);
      }
      share = { ...SHARE_IMAGE, file, bytes: (await readFile(out)).byteLength };
    }
    return { status: 'ready', width, height, fallback, variants, share };
  } catch (error) {
    // sharp's message for a pipeline it stopped names the step it was in, not the time limit: the clock decides.
    if (performance.now() >= deadline) {
      return {
        status: 'failed',
        reason: `${width}×${height} px: its variants took longer than ${timeoutMs} ms to make`,
        reasonZh: `圖片轉換逾時（${width}×${height}，超過 ${Math.round(timeoutMs / 1000)} 秒）`,
      };
    }
    return { status: 'failed', reason: `could not be decoded (${(error as Error).message})`, reasonZh: '圖片檔已損毀，無法轉換' };
  }
}

/** Whether a cached entry has the variants `use` needs (a new slot for an image makes it again). */
export function coversSlots(entry: ImageEntry, use: Pick<ImageUse, 'slots' | 'share'>): boolean {
  if (entry.status !== 'ready') return true;
  const widths = new Set(entry.variants.fallback.map((variant) => variant.width));
  return variantWidths(entry.width, use.slots).every((width) => widths.has(width)) && (!use.share || entry.share !== undefined);
}
