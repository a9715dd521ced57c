/**
 * Hostile portal files (the hostile corpus, `corpus: 'hostile'`): files the portal's `/upload/` could serve that
 * try to act as the site once the site serves `/upload/` on its own origin (nginx, `npm start`). Each script that
 * runs marks the site's origin: `localStorage` key HOSTILE_UPLOAD_MARK and `document.title` HOSTILE_UPLOAD_TITLE, so
 * a browser test that opens a file and then reads the site's storage sees any that ran.
 *
 * - an HTML page loading a script from `/upload/`, and one with an inline script and a meta refresh to another host;
 * - an SVG image loading the same script (`<script href>`) and holding an inline one;
 * - the script itself, answered as JavaScript (what a `<script src="/upload/…">` on any page would load);
 * - a PNG answered as `text/html` (a type the portal got wrong, or lied about);
 * - files answered with `Set-Cookie`, `Refresh` and `Clear-Site-Data`, headers that act on the site.
 * The web server's rules for `/upload/` (src/lib/upload-headers.ts) must leave every one inert.
 *
 * And images the build's image step (src/integrations/images.ts) must survive (HOSTILE_IMAGES, shown by the hostile
 * news items): a corrupt JPEG, one that answers 404, one that answers after HOSTILE_SLOW_IMAGE_MS, a decompression
 * bomb (a small PNG declaring 30,000×30,000 pixels) and an SVG holding a script. Each item publishes, with a
 * placeholder (or, for the SVG, the drawing through `<img>`), and the publish report names the failed ones.
 */

import { crc32, deflateSync } from 'node:zlib';

/** The `localStorage` key a hostile upload's script sets on the origin it runs on. */
export const HOSTILE_UPLOAD_MARK = '__pwned_upload';
/** The title a hostile upload's script gives its document. */
export const HOSTILE_UPLOAD_TITLE = 'PWNED by an upload';
/** The folder of the hostile files under the upload base. */
export const HOSTILE_UPLOAD_DIR = 'hostile';

const script = (label) =>
  `try{localStorage.setItem(${JSON.stringify(HOSTILE_UPLOAD_MARK)},${JSON.stringify(label)})}catch(e){}document.title=${JSON.stringify(HOSTILE_UPLOAD_TITLE)};`;

/** How long the slow image takes to answer, in ms (well inside the build's download limit). */
export const HOSTILE_SLOW_IMAGE_MS = 2_000;

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose header declares `width`×`height` grey pixels and whose data holds one row: a few hundred bytes. */
function declaredPng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Hostile images: path under the upload base → what an item showing it must get. `missing.jpg` is not served (404).
 * @type {Readonly<Record<string, { reason: string, shown: 'placeholder' | 'original' }>>}
 */
export const HOSTILE_IMAGES = Object.freeze({
  [`${HOSTILE_UPLOAD_DIR}/corrupt.jpg`]: { reason: 'a JPEG whose data is cut and garbled', shown: 'placeholder' },
  [`${HOSTILE_UPLOAD_DIR}/missing.jpg`]: { reason: 'answers 404', shown: 'placeholder' },
  [`${HOSTILE_UPLOAD_DIR}/slow.jpg`]: { reason: `answers after ${HOSTILE_SLOW_IMAGE_MS} ms, a corrupt body`, shown: 'placeholder' },
  [`${HOSTILE_UPLOAD_DIR}/bomb.png`]: { reason: 'declares 30,000×30,000 pixels in a few hundred bytes', shown: 'placeholder' },
  [`${HOSTILE_UPLOAD_DIR}/script.svg`]: { reason: 'an SVG holding a script: shown only through <img>', shown: 'original' },
});

/** A JPEG's first bytes (SOI, JFIF APP0) followed by garbage: sharp reads no picture from it. */
const CORRUPT_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from('this is not the rest of a picture'.repeat(40), 'latin1'),
]);

/**
 * The hostile files: path under the upload base → headers, body and, for the slow one, a delay in ms.
 * @type {ReadonlyMap<string, { headers: Record<string, string>, body: string | Buffer, delayMs?: number }>}
 */
export const HOSTILE_UPLOADS = new Map([
  [`${HOSTILE_UPLOAD_DIR}/a.js`, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' }, body: script('script file') }],
  [
    `${HOSTILE_UPLOAD_DIR}/page.html`,
    {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body:
        `<!doctype html><html><head><title>保單優惠</title><script src="/upload/${HOSTILE_UPLOAD_DIR}/a.js"></script></head>` +
        `<body><p>領取優惠</p><script>${script('inline script in HTML')}</script></body></html>`,
    },
  ],
  [
    `${HOSTILE_UPLOAD_DIR}/refresh.html`,
    {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: '<!doctype html><html><head><meta http-equiv="refresh" content="0;url=https://evil.example/"><title>轉址</title></head><body></body></html>',
    },
  ],
  [
    `${HOSTILE_UPLOAD_DIR}/script.svg`,
    {
      headers: { 'Content-Type': 'image/svg+xml' },
      body:
        `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script href="/upload/${HOSTILE_UPLOAD_DIR}/a.js"/>` +
        `<script>${script('inline script in SVG')}</script><circle cx="50" cy="50" r="40" fill="#c00"/></svg>`,
    },
  ],
  [
    `${HOSTILE_UPLOAD_DIR}/html-as.png`,
    { headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: `<!doctype html><title>x</title><script>${script('HTML named .png')}</script>` },
  ],
  [
    `${HOSTILE_UPLOAD_DIR}/cookie.png`,
    { headers: { 'Content-Type': 'image/png', 'Set-Cookie': 'session=stolen; Path=/; SameSite=Lax' }, body: 'PNG' },
  ],
  [
    `${HOSTILE_UPLOAD_DIR}/refresh.pdf`,
    { headers: { 'Content-Type': 'application/pdf', Refresh: '0;url=https://evil.example/' }, body: '%PDF-1.4\n%%EOF\n' },
  ],
  [
    `${HOSTILE_UPLOAD_DIR}/clear.pdf`,
    { headers: { 'Content-Type': 'application/pdf', 'Clear-Site-Data': '"cookies", "storage"' }, body: '%PDF-1.4\n%%EOF\n' },
  ],
  [`${HOSTILE_UPLOAD_DIR}/corrupt.jpg`, { headers: { 'Content-Type': 'image/jpeg' }, body: CORRUPT_JPEG }],
  [`${HOSTILE_UPLOAD_DIR}/slow.jpg`, { headers: { 'Content-Type': 'image/jpeg' }, body: CORRUPT_JPEG, delayMs: HOSTILE_SLOW_IMAGE_MS }],
  [`${HOSTILE_UPLOAD_DIR}/bomb.png`, { headers: { 'Content-Type': 'image/png' }, body: declaredPng(30_000, 30_000) }],
]);
