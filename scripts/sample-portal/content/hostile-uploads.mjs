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
 */

/** The `localStorage` key a hostile upload's script sets on the origin it runs on. */
export const HOSTILE_UPLOAD_MARK = '__pwned_upload';
/** The title a hostile upload's script gives its document. */
export const HOSTILE_UPLOAD_TITLE = 'PWNED by an upload';
/** The folder of the hostile files under the upload base. */
export const HOSTILE_UPLOAD_DIR = 'hostile';

const script = (label) =>
  `try{localStorage.setItem(${JSON.stringify(HOSTILE_UPLOAD_MARK)},${JSON.stringify(label)})}catch(e){}document.title=${JSON.stringify(HOSTILE_UPLOAD_TITLE)};`;

/**
 * The hostile files: path under the upload base → status, headers and body.
 * @type {ReadonlyMap<string, { headers: Record<string, string>, body: string }>}
 */
export const HOSTILE_UPLOADS = new Map([
  [
    `${HOSTILE_UPLOAD_DIR}/a.js`,
    { headers: { 'Content-Type': 'text/javascript; charset=utf-8' }, body: script('script file') },
  ],
  [
    `${HOSTILE_UPLOAD_DIR}/page.html`,
    {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html><head><title>保單優惠</title><script src="/upload/${HOSTILE_UPLOAD_DIR}/a.js"></script></head>` +
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
      body: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script href="/upload/${HOSTILE_UPLOAD_DIR}/a.js"/>` +
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
]);
