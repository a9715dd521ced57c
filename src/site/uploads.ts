/**
 * The portal files the site links to and serves under its upload base (`/upload/`, PUBLIC_IMAGE_BASE): which file
 * types are allowed, and how each is answered (REFERENCE.md "Portal boundary": "one validation layer at the boundary"; REFERENCE.md "Portal data": "image
 * under an image base path on the main site").
 *
 * The upload base is served on the site's own origin, so a portal file of the wrong type (an HTML page, a script,
 * an XML document) opened there would act as the site. Two walls use this one list:
 * - the build (src/portal/links.ts, src/portal/sanitize.ts): a link to a file under the base whose type is in
 *   neither list is refused (download and disclosure files) or loses its href (rich-text links);
 * - the web server's headers for `/upload/` (nginx, `_headers`, `npm start`): the MIME type to answer with, and
 *   whether the file may be shown in the browser (inline) or is sent as an attachment.
 *
 * Keys are lower-case extensions without the dot; values are the media type to serve (RFC 6838 names, with the
 * charset for text). Pure data and one pure function: no environment, usable by Node scripts and the build alike.
 */

/**
 * The site path the host serves from the portal's uploads (nginx `location ^~ /upload/`, `_headers`, `npm start`):
 * the default of PUBLIC_IMAGE_BASE (src/settings.ts). A link of this site under it reaches a portal file.
 */
export const UPLOAD_BASE_PATH = '/upload/';

/**
 * What a path to the portal must not hold (src/portal/links.ts for the build's portal paths, src/lib/portal-proxy.ts
 * for the requests the site's servers forward): a dot-dot, a `;` (path parameters), a backslash, or a
 * percent-encoded `.`, `/`, `\` or `%`. An application server reads `\` and `%5c` as `/`, drops `;parameters` before
 * resolving `..` and may decode twice, so such a path can reach another file of the portal than the one it names
 * (`..;/`, `..%2f`, `%5c`, `%252e`). Tested on the path as written, before any decoding; case-insensitive.
 */
export const UNSAFE_PORTAL_PATH = /\.\.|;|\\|%(?:2e|2f|5c|25)/i;

/**
 * Files a browser may show in the tab (`Content-Disposition: inline`): images, PDF, and plain audio/video.
 * Extension (lower case, no dot) → media type. SVG is listed because the portal's own images are SVG; it is inert
 * only because every `/upload/` answer carries `Content-Security-Policy: sandbox` (the server's headers).
 */
export const UPLOAD_INLINE_TYPES: Readonly<Record<string, string>> = Object.freeze({
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
});

/**
 * Documents offered for download only (`Content-Disposition: attachment`): office documents, text, CSV, archives.
 * Extension (lower case, no dot) → media type.
 */
export const UPLOAD_DOWNLOAD_TYPES: Readonly<Record<string, string>> = Object.freeze({
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  rtf: 'application/rtf',
});

/** Every allowed extension, for messages: `jpg, jpeg, …, rtf`. */
export const UPLOAD_EXTENSIONS: readonly string[] = Object.freeze([...Object.keys(UPLOAD_INLINE_TYPES), ...Object.keys(UPLOAD_DOWNLOAD_TYPES)]);

/** Why a file link is refused, for editors' messages (names the allowed extensions). */
export const UPLOAD_TYPE_RULE = `must be a file of an allowed type (${UPLOAD_EXTENSIONS.join(', ')})`;

/**
 * The type of a file under the upload base, from its path.
 * @param path a path or URL path (`files/a.PDF?v=2#p3`, `/upload/x/y.docx`); percent-encoding is decoded first,
 *   as the web server does before it picks a file (`a.ht%6Dl` is `a.html`)
 * @returns the media type and whether the browser may show it (true: UPLOAD_INLINE_TYPES; false:
 *   UPLOAD_DOWNLOAD_TYPES); undefined when the extension is in neither list, missing, or the path does not decode
 */
export function uploadType(path: string): { mime: string; inline: boolean } | undefined {
  const raw = path.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const name = decoded.slice(Math.max(decoded.lastIndexOf('/'), decoded.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = name.slice(dot + 1).toLowerCase();
  if (Object.hasOwn(UPLOAD_INLINE_TYPES, extension)) return { mime: UPLOAD_INLINE_TYPES[extension]!, inline: true };
  if (Object.hasOwn(UPLOAD_DOWNLOAD_TYPES, extension)) return { mime: UPLOAD_DOWNLOAD_TYPES[extension]!, inline: false };
  return undefined;
}
