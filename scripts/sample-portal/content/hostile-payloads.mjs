/**
 * The payloads of the hostile corpus (hostile.mjs): rich-text markup that must come out inert, plain-text strings
 * shown as text only, markup in fields pages copy into attributes (the security policy must not change), and ids
 * that still form one URL segment. Each payload that could run sets `window.__pwned` (pwn), so a browser test sees
 * any that executes. Pure data: arrays of strings (RICH_TEXT_PAYLOADS: `[name, html]` pairs); nothing is raised.
 */
import { TEXT_MAX_CHARS } from '../site-rules.mjs';
import { HOSTILE_UPLOAD_DIR } from './hostile-uploads.mjs';

/** The date of every hostile item (ISO day). */
export const HOSTILE_DATE = '2026-11-19';

/**
 * Sets the flag a browser test looks for.
 * @param {string} label which payload ran
 * @returns {string} a script statement
 */
export const pwn = (label) => `window.__pwned='${label}'`;

/** Rich-text payloads (portal HTML in `content`): every one must come out inert. */
export const RICH_TEXT_PAYLOADS = [
  ['script tag', `<p>前言</p><script>${pwn('script')}</script>`],
  ['script with src', `<script src="https://evil.example/x.js"></script><p>外部腳本</p>`],
  ['img onerror', `<img src="x" onerror="${pwn('img-onerror')}" alt="壞圖">`],
  ['img onerror unquoted', `<img src=x onerror=alert(1)>`],
  ['javascript: link', `<a href="javascript:${pwn('js-link')}">點我領獎</a>`],
  ['mixed-case javascript: link', `<a href="JaVaScRiPt:alert(1)">點我</a>`],
  ['entity-encoded javascript: link', `<a href="&#106;&#97;vascript:alert(1)">點我</a><a href="jav&#x09;ascript:alert(2)">再點</a>`],
  ['data: HTML link', `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">資料連結</a>`],
  ['data: SVG image', `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSkgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIi8+" alt="svg">`],
  ['svg onload', `<svg onload="${pwn('svg-onload')}"><circle r="5"/></svg><p>向量圖</p>`],
  ['svg script', `<svg><script>${pwn('svg-script')}</script></svg>`],
  ['svg animate href', `<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">點</text></a></svg>`],
  ['math mXSS', `<math><mtext><table><mglyph><style><img src=x onerror="${pwn('mxss')}"></style></mglyph></table></mtext></math>`],
  ['noscript mXSS', `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>`],
  ['iframe javascript:', `<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>`],
  ['object and embed', `<object data="data:text/html,<script>alert(1)</script>"></object><embed src="javascript:alert(1)">`],
  ['form and input', `<form action="javascript:alert(1)"><input autofocus onfocus="${pwn('onfocus')}"><button>送出</button></form>`],
  ['details ontoggle', `<details open ontoggle="${pwn('ontoggle')}"><summary>展開</summary>內容</details>`],
  ['body and div handlers', `<body onload="alert(1)"><div onclick="alert(1)" onmouseover="${pwn('mouseover')}">移過來</div>`],
  ['style element', `<style>body{display:none!important}</style><p>樣式注入</p>`],
  ['style attribute overlay', `<p style="position:fixed;inset:0;z-index:9999;background:red">全螢幕覆蓋</p>`],
  ['meta refresh and base', `<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/"><p>轉址</p>`],
  ['link stylesheet', `<link rel="stylesheet" href="https://evil.example/x.css"><p>外部樣式</p>`],
  ['broken HTML', `<div><p>未關閉的段落<table><tr><td>儲存格<td>第二格<ul><li>清單`],
  ['closing the page', `<p>結束</p></div></article></main></body></html><p>之後</p>`],
  ['comment and CDATA', `<!-- <script>alert(1)</script> --><![CDATA[<script>alert(2)</script>]]><p>註解</p>`],
  ['template and xmp', `<template><script>alert(1)</script></template><xmp><script>alert(2)</script></xmp>`],
  ['img srcset', `<img srcset="javascript:alert(1) 1x" src="/upload/none.svg" alt="">`],
  ['target blank tabnabbing', `<a href="https://evil.example/" target="_blank">外部網站</a>`],
  ['wide image', `<img src="/upload/images/news/41.svg" width="5000" height="40" alt="超寬圖">`],
  ['wide table', `<table><tr>${Array.from({ length: 40 }, (_, i) => `<td>欄位${i}欄位${i}欄位</td>`).join('')}</tr></table>`],
  ['huge colspan', `<table><tr><td colspan="1000" rowspan="1000">合併</td></tr></table>`],
  ['long unbroken word', `<p>${'W'.repeat(3000)}</p>`],
  ['long URL text', `<p><a href="https://www.hotains.com.tw/${'a'.repeat(500)}">https://www.hotains.com.tw/${'a'.repeat(500)}</a></p>`],
  ['RTL override', '<p>\u202E這段文字被反轉 gpj.exe\u202C 與 \u200F右至左標記\u200F</p>'],
  ['emoji and zero-width', '<p>👨‍👩‍👧‍👦🏳️‍🌈 零寬\u200B\u200B\u200D字元 🇹🇼</p>'],
  // Links to portal files that would act as the site (an HTML page, a script): they lose their href; a PDF keeps it.
  [
    'upload links of other types',
    `<p><a href="/upload/${HOSTILE_UPLOAD_DIR}/page.html">領取優惠</a> <a href="/%75pload/${HOSTILE_UPLOAD_DIR}/a.js">腳本</a> ` +
      `<a href="https://www.hotains.com.tw/upload/${HOSTILE_UPLOAD_DIR}/refresh.html">轉址</a> <a href="/upload/${HOSTILE_UPLOAD_DIR}/clear.pdf">條款 PDF</a></p>`,
  ],
  // Relative images requested 404s: a clean one resolves against the image base, the others are removed.
  [
    'relative image paths',
    '<p><img src="images/news/41.svg" alt="相對路徑圖"><img src="../../api/x.png" alt="離開圖庫"><img src="./images/news/41.svg" alt="點路徑"></p>',
  ],
  ['bidi controls as character references', '<p>下載&#x202E;fdp.exe&#x202C; 與 &#8294;隔離&#8297; 標題</p>'],
];

/** Plain-text payloads (titles, names, descriptions): shown as text, never as markup. */
export const TEXT_PAYLOADS = [
  `</title><script>${pwn('title-script')}</script>`,
  `"><img src=x onerror="${pwn('title-attr')}">`,
  `'"><svg onload=alert(1)>`,
  `{{constructor.constructor('alert(1)')()}}`,
  // As long as a title may be (TEXT_MAX_CHARS.title); longer ones are refused (HOSTILE_REJECTED).
  '保'.repeat(TEXT_MAX_CHARS.title),
  'W'.repeat(TEXT_MAX_CHARS.title),
  `${'長標題 '.repeat(TEXT_MAX_CHARS.title / 4)}`.trim(),
  '\u202E這是反轉的標題 fdp.exe\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD RTL 標題 \u0645\u0631\u062D\u0628\u0627',
  '😀🎉👨‍👩‍👧‍👦 emoji 標題 🏳️‍🌈🇹🇼',
  '<b>粗體</b> &amp; &lt;script&gt; 實體',
  'javascript:alert(1)',
];

/**
 * Markup in plain-text fields that pages copy into attribute values (portal text must never change the security
 * policy): an item description becomes the page's meta `description` and `og:description`, a banner title the image's
 * `alt` and the carousel's `aria-label`s. Expected outcome: shown as text, and no change to the security policy:
 * `_headers` and the `add_header` lines of `nginx.conf` carry the Content-Security-Policy of the build without this
 * corpus (tests/build/hostile.test.ts). Thirty distinct strings: when the policy took hashes from a regex over the
 * HTML, about 25 of them made the header longer than the CDN allows and failed the build.
 */
export const POLICY_PAYLOADS = [
  ...Array.from({ length: 15 }, (_, i) => `<script>alert(${i})</script>`),
  ...Array.from({ length: 13 }, (_, i) => `</style><style>x${i}{}`),
  `<SCRIPT type="module">${pwn('policy-module')}</SCRIPT>`,
  `<style>body{display:none}</style><script type="speculationrules">{"prefetch":[]}</script>`,
];

/**
 * Ids that still form one URL segment: links encode them, the build writes them as directory names. Ids with
 * reserved characters (`&`, `+`, `@`, `:`, `;`, quotes, `<`) are refused (HOSTILE_REJECTED: nginx locations naming them
 * never match).
 */
export const HOSTILE_IDS = [
  'hostile a b',
  'hostile~tilde_under.score',
  '惡意編號',
  'hostile😀',
  'ＨＯＳＴＩＬＥ全形',
  'hostile-café',
  'hostile-ÅØ',
  'hostile 多 空 格',
];
