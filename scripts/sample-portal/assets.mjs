/**
 * Files the sample content points at, generated in code at request time (nothing binary is committed):
 * SVG illustrations in the brand palette for `images/...` paths and tiny one-page PDFs for `files/...` paths.
 */

/** Brand palette: deep red accent, warm neutrals, navy text. */
const PALETTE = {
  red: '#c8102e',
  redDark: '#8f0b21',
  navy: '#1b2a4a',
  navySoft: '#41506e',
  gold: '#c89b3c',
  white: '#ffffff',
};

/** Warm background pairs (top-left → bottom-right), chosen by seed. */
const BACKGROUNDS = [
  ['#fbf6f0', '#efe2d2'],
  ['#f8f1ea', '#e9d8c8'],
  ['#fdf7f3', '#f1dcd6'],
  ['#f7f3ee', '#e3ddd3'],
];

/** Accent gradients, chosen by seed. */
const ACCENTS = [
  ['#d7193a', PALETTE.redDark],
  ['#c8102e', '#7a0a1c'],
  ['#2c3f66', PALETTE.navy],
  ['#d9ad55', '#a87b22'],
];

const FONT = `'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', sans-serif`;

/** Icons drawn in a 100×100 box, filled with `currentColor`-like white by the caller. */
const ICONS = {
  shield:
    '<path d="M50 6 88 20v28c0 24-17 40-38 48C29 88 12 72 12 48V20Z"/><path d="M32 50l13 13 25-26" fill="none" stroke="{bg}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>',
  car: '<path d="M12 62l8-20c3-7 8-10 15-10h30c7 0 12 3 15 10l8 20v12H12Z"/><path d="M28 44h44l4 12H24Z" fill="{bg}" opacity=".55"/><circle cx="30" cy="76" r="9" fill="{bg}"/><circle cx="70" cy="76" r="9" fill="{bg}"/>',
  house: '<path d="M50 12 92 48H80v38H20V48H8Z"/><rect x="42" y="60" width="16" height="26" rx="2" fill="{bg}" opacity=".7"/>',
  umbrella:
    '<path d="M10 52C10 28 28 12 50 12s40 16 40 40c-6-6-14-6-20 0-6-6-14-6-20 0-6-6-14-6-20 0-6-6-14-6-20 0Z"/><path d="M50 52v28c0 9-12 9-12 0" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  gift: '<rect x="12" y="40" width="76" height="50" rx="4"/><rect x="8" y="28" width="84" height="16" rx="3"/><rect x="45" y="28" width="10" height="62" fill="{bg}" opacity=".6"/><path d="M50 28c-8-16-26-18-26-6 0 6 10 6 26 6Zm0 0c8-16 26-18 26-6 0 6-10 6-26 6Z"/>',
  heart: '<path d="M50 86C20 64 8 48 8 32 8 20 18 10 30 10c10 0 16 6 20 12 4-6 10-12 20-12 12 0 22 10 22 22 0 16-12 32-42 54Z"/>',
  trophy:
    '<path d="M28 10h44v26c0 14-10 24-22 24S28 50 28 36Z"/><path d="M28 18H12c0 16 8 24 18 24M72 18h16c0 16-8 24-18 24" fill="none" stroke="#fff" stroke-width="6"/><rect x="44" y="58" width="12" height="16"/><rect x="30" y="74" width="40" height="12" rx="3"/>',
  play: '<circle cx="50" cy="50" r="42"/><path d="M40 30v40l32-20Z" fill="{bg}"/>',
  plane: '<path d="M46 8c4 0 6 4 6 8v22l36 20v10L52 58v18l10 8v8l-12-4-12 4v-8l10-8V58L12 68V58l36-20V16c0-4 2-8 6-8Z" transform="translate(-4 0)"/>',
};

/** Pick an icon from the words of a title; falls back to the kind's default. */
function iconFor(title, kind) {
  const rules = [
    [/颱風|地震|防災|豪雨|淹水|天災|颶風/, 'umbrella'],
    [/旅|出國|海外|航班|班機/, 'plane'],
    [/住宅|火險|火災|居家|房屋|家庭/, 'house'],
    [/汽車|機車|車險|駕駛|行車|道路|車主|電動車/, 'car'],
    [/得獎|榮耀|獎項|金質|評鑑|名單/, 'trophy'],
    [/優惠|好禮|贈|折扣|回饋|抽獎/, 'gift'],
    [/公益|關懷|捐|愛心|志工|永續/, 'heart'],
    [/影片|影音/, 'play'],
  ];
  for (const [pattern, icon] of rules) if (pattern.test(title)) return icon;
  return { coupon: 'gift', winner: 'trophy', video: 'play', event: 'gift' }[kind] ?? 'shield';
}

/** A small deterministic hash of a string, for picking colours and layouts. */
function seedOf(text) {
  let hash = 2166136261;
  for (const char of String(text)) hash = Math.imul(hash ^ char.codePointAt(0), 16777619);
  return hash >>> 0;
}

/** Escape text for XML content and attribute values. */
function xml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** Punctuation that must not start a line. */
const CLOSING = '。，、；：？！」』）》〉…—.,;:?!)';

/**
 * Wrap text into lines of at most `maxUnits` width units (a CJK character is 1 unit, ASCII about 0.55).
 * Lines past `maxLines` are dropped and the last kept line ends with an ellipsis.
 */
export function wrapText(text, maxUnits, maxLines) {
  const lines = [];
  let line = '';
  let units = 0;
  for (const char of String(text).trim()) {
    const width = /[\u0000-\u00ff]/.test(char) ? 0.55 : 1;
    // Closing punctuation never starts a line (kinsoku): it may overhang the line instead.
    if (units + width > maxUnits && line && !CLOSING.includes(char)) {
      lines.push(line);
      line = '';
      units = 0;
      if (char === ' ') continue;
    }
    line += char;
    units += width;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, -1)}…`;
    return kept;
  }
  return lines;
}

/** `<text>` with one `<tspan>` per line. */
function textBlock(lines, { x, y, size, lineHeight, weight = 400, fill = PALETTE.navy, anchor = 'start' }) {
  const spans = lines.map((line, i) => `<tspan x="${x}" y="${y + i * lineHeight}">${xml(line)}</tspan>`).join('');
  return `<text font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${spans}</text>`;
}

/** An icon scaled to `size` px with its top-left at (x, y). */
function icon(name, { x, y, size, fill = PALETTE.white, bg = PALETTE.red }) {
  const body = ICONS[name].replaceAll('{bg}', bg);
  return `<g transform="translate(${x} ${y}) scale(${size / 100})" fill="${fill}">${body}</g>`;
}

function defs(seed) {
  const [bgFrom, bgTo] = BACKGROUNDS[seed % BACKGROUNDS.length];
  const [acFrom, acTo] = ACCENTS[(seed >>> 3) % ACCENTS.length];
  return {
    accent: acFrom,
    markup:
      `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bgFrom}"/><stop offset="1" stop-color="${bgTo}"/></linearGradient>` +
      `<linearGradient id="ac" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${acFrom}"/><stop offset="1" stop-color="${acTo}"/></linearGradient>` +
      `<pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2" fill="${PALETTE.navy}" opacity=".12"/></pattern></defs>`,
  };
}

function svg(width, height, title, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${xml(title)}">` +
    `<title>${xml(title)}</title>${body}</svg>`
  );
}

const BRAND = '和泰產險 HOTAI INSURANCE';

/** 800×450 cover for news, events, winners, shares and videos. */
function cover({ title, label, kind, seed }) {
  const d = defs(seed);
  const name = iconFor(title, kind);
  const lines = wrapText(title, 10, 3);
  const labelWidth = Math.round([...label].length * 20 + 36);
  return svg(
    800,
    450,
    title,
    d.markup +
      `<rect width="800" height="450" fill="url(#bg)"/><rect x="520" y="250" width="280" height="200" fill="url(#dots)"/>` +
      `<circle cx="690" cy="96" r="230" fill="url(#ac)"/><circle cx="770" cy="420" r="150" fill="${PALETTE.navy}" opacity=".1"/>` +
      icon(name, { x: 615, y: 40, size: 150, bg: d.accent }) +
      `<rect x="56" y="52" width="${labelWidth}" height="38" rx="19" fill="url(#ac)"/>` +
      textBlock([label], { x: 74, y: 78, size: 20, lineHeight: 0, weight: 700, fill: PALETTE.white }) +
      textBlock(lines, { x: 56, y: 180, size: 40, lineHeight: 56, weight: 700 }) +
      `<rect x="56" y="384" width="48" height="4" rx="2" fill="${PALETTE.red}"/>` +
      textBlock([BRAND], { x: 56, y: 420, size: 18, lineHeight: 0, weight: 500, fill: PALETTE.navySoft }),
  );
}

/** 1600×560 desktop home banner. */
function banner({ title, subtitle, seed }) {
  const d = defs(seed);
  const name = iconFor(title, 'banner');
  const lines = wrapText(title, 12, 2);
  const sub = wrapText(subtitle, 26, 2);
  const subY = 228 + lines.length * 80;
  return svg(
    1600,
    560,
    title,
    d.markup +
      `<rect width="1600" height="560" fill="url(#bg)"/><rect x="880" y="0" width="720" height="560" fill="url(#dots)"/>` +
      `<circle cx="1290" cy="280" r="330" fill="url(#ac)"/><circle cx="1540" cy="520" r="170" fill="${PALETTE.navy}" opacity=".12"/>` +
      `<circle cx="1010" cy="70" r="60" fill="${PALETTE.gold}" opacity=".35"/>` +
      icon(name, { x: 1150, y: 140, size: 280, bg: d.accent }) +
      textBlock([BRAND], { x: 120, y: 150, size: 26, lineHeight: 0, weight: 700, fill: PALETTE.red }) +
      textBlock(lines, { x: 120, y: 240, size: 64, lineHeight: 80, weight: 700 }) +
      textBlock(sub, { x: 120, y: subY, size: 28, lineHeight: 42, fill: PALETTE.navySoft }) +
      `<rect x="120" y="${subY + sub.length * 42 + 10}" width="200" height="60" rx="30" fill="url(#ac)"/>` +
      textBlock(['了解更多 →'], {
        x: 220,
        y: subY + sub.length * 42 + 50,
        size: 26,
        lineHeight: 0,
        weight: 700,
        fill: PALETTE.white,
        anchor: 'middle',
      }),
  );
}

/** 750×750 phone variant of a home banner. */
function bannerMobile({ title, subtitle, seed }) {
  const d = defs(seed);
  const name = iconFor(title, 'banner');
  const lines = wrapText(title, 11, 3);
  const sub = wrapText(subtitle, 22, 2);
  const titleY = 450;
  const subY = titleY + lines.length * 68 + 8;
  const ctaY = subY + sub.length * 38 + 10;
  const cta =
    ctaY + 56 <= 730
      ? `<rect x="60" y="${ctaY}" width="180" height="56" rx="28" fill="url(#ac)"/>` +
        textBlock(['了解更多 →'], { x: 150, y: ctaY + 37, size: 24, lineHeight: 0, weight: 700, fill: PALETTE.white, anchor: 'middle' })
      : '';
  return svg(
    750,
    750,
    title,
    d.markup +
      `<rect width="750" height="750" fill="url(#bg)"/><rect x="0" y="0" width="750" height="330" fill="url(#dots)"/>` +
      `<circle cx="570" cy="110" r="220" fill="url(#ac)"/><circle cx="60" cy="700" r="140" fill="${PALETTE.navy}" opacity=".08"/>` +
      icon(name, { x: 480, y: 40, size: 180, bg: d.accent }) +
      textBlock([BRAND], { x: 60, y: 380, size: 24, lineHeight: 0, weight: 700, fill: PALETTE.red }) +
      textBlock(lines, { x: 60, y: titleY, size: 56, lineHeight: 68, weight: 700 }) +
      textBlock(sub, { x: 60, y: subY, size: 26, lineHeight: 38, fill: PALETTE.navySoft }) +
      cta,
  );
}

/** 800×500 coupon: a ticket with a red stub and a perforated edge. */
function coupon({ title, subtitle, seed }) {
  const d = defs(seed);
  const lines = wrapText(title, 12, 3);
  const holes = Array.from({ length: 9 }, (_, i) => `<circle cx="250" cy="${98 + i * 38}" r="5" fill="url(#bg)"/>`).join('');
  return svg(
    800,
    500,
    title,
    d.markup +
      `<rect width="800" height="500" fill="url(#bg)"/><rect width="800" height="500" fill="url(#dots)"/>` +
      `<rect x="46" y="48" width="720" height="420" rx="24" fill="${PALETTE.navy}" opacity=".08"/>` +
      `<rect x="40" y="40" width="720" height="420" rx="24" fill="${PALETTE.white}"/>` +
      `<path d="M64 40h186v420H64a24 24 0 0 1-24-24V64a24 24 0 0 1 24-24Z" fill="url(#ac)"/>` +
      holes +
      `<circle cx="250" cy="40" r="18" fill="url(#bg)"/><circle cx="250" cy="460" r="18" fill="url(#bg)"/>` +
      icon('gift', { x: 95, y: 110, size: 100, bg: d.accent }) +
      textBlock(['優惠券'], { x: 145, y: 290, size: 34, lineHeight: 0, weight: 700, fill: PALETTE.white, anchor: 'middle' }) +
      textBlock(['COUPON'], { x: 145, y: 330, size: 18, lineHeight: 0, weight: 500, fill: PALETTE.white, anchor: 'middle' }) +
      textBlock(lines, { x: 290, y: 140, size: 36, lineHeight: 50, weight: 700 }) +
      (subtitle ? textBlock([subtitle], { x: 290, y: 150 + lines.length * 50, size: 20, lineHeight: 0, fill: PALETTE.navySoft }) : '') +
      `<rect x="290" y="380" width="40" height="4" rx="2" fill="${PALETTE.red}"/>` +
      textBlock([BRAND], { x: 290, y: 420, size: 18, lineHeight: 0, weight: 500, fill: PALETTE.navySoft }),
  );
}

/** Labels shown on covers, per image kind. */
const KIND_LABELS = {
  news: '最新消息',
  event: '活動專區',
  winner: '得獎公告',
  share: '資訊分享',
  video: '影音專區',
  coupon: '優惠專區',
};

/**
 * Render the SVG for one registered image.
 * @param {{ kind: string, title: string, subtitle?: string, label?: string, mobile?: boolean, key: string }} entry
 *   `kind`: banner, coupon, news, event, winner, share or video; `key` seeds colours and layout.
 * @returns {string} SVG markup (banners 1600×560 or 750×750 when `mobile`, coupons 800×500, covers 800×450).
 */
export function renderImage(entry) {
  const seed = seedOf(entry.key);
  const args = { title: entry.title, subtitle: entry.subtitle ?? '', seed, kind: entry.kind };
  if (entry.kind === 'banner') return entry.mobile ? bannerMobile(args) : banner(args);
  if (entry.kind === 'coupon') return coupon(args);
  return cover({ ...args, label: entry.label ?? KIND_LABELS[entry.kind] ?? '和泰產險' });
}

/** Keep printable ASCII for PDF text strings and escape PDF delimiters. */
function pdfText(text) {
  return String(text)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A PDF text string in UTF-16BE hex, for metadata in Chinese. */
function pdfUnicode(text) {
  let hex = 'FEFF';
  for (const char of String(text)) {
    const code = char.codePointAt(0);
    const units = code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code];
    for (const unit of units) hex += unit.toString(16).toUpperCase().padStart(4, '0');
  }
  return `<${hex}>`;
}

/**
 * Build a valid one-page A4 PDF (PDF 1.4, Helvetica, ASCII body text) for a sample document.
 * @param {{ title: string, path: string, reference: string }} doc  `title` (any language) goes to the
 *   document metadata; `path` (e.g. `files/download/12.pdf`) and `reference` are printed on the page.
 * @returns {Buffer} the PDF bytes (about 1.5 KB).
 */
export function renderPdf({ title, path, reference }) {
  const lines = [
    ['F2', 11, `Reference: ${reference}`],
    ['F1', 11, `File: ${path}`],
    ['F1', 11, ''],
    ['F1', 11, 'This one-page document stands in for a real form or report of the insurer.'],
    ['F1', 11, 'It is generated by the sample portal for previews and automated tests.'],
    ['F1', 11, 'The title of the document is kept in its metadata (Traditional Chinese).'],
    ['F1', 11, ''],
    ['F1', 11, 'Customer service 0800-880-550  |  Claims 0800-077-568'],
  ];
  let stream = '0.784 0.063 0.180 rg 0 770 595 72 re f\n';
  stream += 'BT /F2 20 Tf 1 1 1 rg 56 798 Td (HOTAI INSURANCE CO., LTD.) Tj ET\n';
  stream += '0.106 0.165 0.290 rg\nBT 56 720 Td 16 TL\n';
  for (const [font, size, text] of lines) stream += `/${font} ${size} Tf (${pdfText(text)}) Tj T*\n`;
  stream += 'ET\n0.784 0.063 0.180 RG 2 w 56 80 m 539 80 l S\n';
  stream += 'BT /F1 9 Tf 0.255 0.314 0.431 rg 56 64 Td (Sample portal - not a real document) Tj ET';

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfUnicode(title)} /Author (Hotai Insurance) /Producer (sample portal) /CreationDate (D:20250101000000Z) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
