/**
 * Videos (影音專區, REFERENCE.md "Routes" `/video/{page}`): display order and the static paths and props of the video pages.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { videoSchema } from '../portal/schemas';
import { SECTIONS } from '../site/sections';
import { inListOrder } from '../lib/order';
import { paginate } from '../lib/paginate';

/** A video as parsed by the portal schema. */
export type Video = z.output<typeof videoSchema>;

/** Videos in display order (the `videos` list's order, src/lib/order.ts): newest `date` first, then the higher id first. */
export function sortVideos<T extends { id: string; date: Date }>(items: readonly T[]): T[] {
  return inListOrder('videos', items);
}

/** `/video/{page}`. */
export const videoListPath = (page = 1): string => `/video/${page}`;

/**
 * Permissions of the embedded players (the iframe `allow` attribute): what a YouTube-style embed needs to play,
 * go full screen and offer picture-in-picture; nothing else.
 */
export const VIDEO_IFRAME_ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';

export interface VideoListPageProps {
  page: number;
  totalPages: number;
  videos: Video[];
  total: number;
}

/** Static paths of `/video/{page}`: pages 1..n of the section's page size (page 1 even when there are none). */
export async function videoListPaths() {
  const videos = sortVideos((await getCollection('videos')).map((entry) => entry.data));
  const pages = paginate(videos, SECTIONS.video.pageSize);
  return pages.map((items, index) => {
    const props: VideoListPageProps = { page: index + 1, totalPages: pages.length, videos: items, total: videos.length };
    return { params: { page: String(index + 1) }, props };
  });
}
