/**
 * The web app manifest and the icons (W3C Web App Manifest; Apple's `apple-touch-icon`), written into dist/ at
 * every build by the app integration (src/integrations/app.ts): `manifest.webmanifest` with the site's name, zh-TW,
 * the colours of the design tokens and the icons of APP_ICONS (src/site/app.ts), each a PNG drawn with sharp from
 * the logo's mark (`public/favicon.svg`: the shield of `public/logo.svg` without the lettering, which no icon of
 * 192 px could show legibly) on the page colour.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { APP_ICONS, MANIFEST_PATH, type AppIcon } from '../site/app';
import { COMPANY, SITE_DESCRIPTION } from '../site/company';

/** The logo's mark, relative to the project root. */
export const ICON_SOURCE = 'public/favicon.svg';

/** The style sheet that declares the design tokens, relative to the project root. */
export const TOKEN_SHEET = 'src/styles/global.css';

/**
 * The design tokens of the manifest's colours: `theme_color` is the header's (the page colour, as the head's
 * `theme-color` meta), `background_color` the splash screen's, the page colour too, so the launch shows no flash.
 */
export const MANIFEST_TOKENS = { theme: '--color-bg', background: '--color-bg' } as const;

/**
 * Share of an icon's side the mark takes, centred: `any` keeps a small margin; `maskable` keeps the mark inside the
 * safe zone (a centred circle of 80% of the side: the mark's corners at 0.55 × √2 / 2 ≈ 0.39 of the side from the
 * centre); `apple` leaves room for iOS's rounded corners.
 */
export const MARK_SHARE: Record<AppIcon['purpose'], number> = { any: 0.8, maskable: 0.55, apple: 0.7 };

/**
 * The value of a colour token in the token sheet.
 * @param css the sheet's text
 * @param token e.g. `--color-bg`
 * @returns the declared value, e.g. `#ffffff`
 * @throws Error naming the token when the sheet does not declare it as a hex colour
 */
export function tokenColour(css: string, token: string): string {
  const value = new RegExp(`${token}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css)?.[1];
  if (!value) throw new Error(`App manifest: the design token ${token} is not a hex colour in ${TOKEN_SHEET}.`);
  return value.toLowerCase();
}

/** The manifest's members (W3C Web App Manifest), as JSON. */
export function manifest(colours: { theme: string; background: string }): Record<string, unknown> {
  return {
    id: '/',
    name: COMPANY.name,
    short_name: COMPANY.shortName,
    description: SITE_DESCRIPTION,
    lang: 'zh-TW',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: colours.theme,
    background_color: colours.background,
    icons: APP_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
      src: icon.path,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

/**
 * Draws one icon: the mark, scaled to MARK_SHARE of the side and rasterised at that size (not scaled from a small
 * bitmap), centred on an opaque square of `background`.
 * @param svg the mark's SVG
 * @returns the PNG's bytes
 */
export async function drawIcon(svg: Buffer, icon: AppIcon, background: string): Promise<Buffer> {
  const markSide = Math.round(icon.size * MARK_SHARE[icon.purpose]);
  const { width = markSide } = await sharp(svg).metadata();
  // sharp rasterises an SVG at 72 dpi times density/72: the density at which its own width becomes markSide.
  const mark = await sharp(svg, { density: Math.ceil((72 * markSide) / width) })
    .resize(markSide, markSide, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const drawn = await sharp({ create: { width: icon.size, height: icon.size, channels: 3, background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
  // Opaque: iOS shows a transparent apple-touch-icon's clear pixels black (sharp's composite output keeps the alpha).
  return sharp(drawn).removeAlpha().png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Writes `manifest.webmanifest` and every icon of APP_ICONS into dist/.
 * @param root dist/ path
 * @param projectRoot the project's folder (the mark and the token sheet are read from it)
 * @returns the site paths written
 * @throws Error when the mark or the sheet cannot be read, or a token is missing (tokenColour)
 */
export async function writeAppManifest(root: string, projectRoot: string): Promise<string[]> {
  const [svg, css] = await Promise.all([readFile(join(projectRoot, ICON_SOURCE)), readFile(join(projectRoot, TOKEN_SHEET), 'utf8')]);
  const colours = { theme: tokenColour(css, MANIFEST_TOKENS.theme), background: tokenColour(css, MANIFEST_TOKENS.background) };
  const written: string[] = [];
  const write = async (path: string, data: string | Buffer) => {
    const file = join(root, path.slice(1));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
    written.push(path);
  };
  await write(MANIFEST_PATH, `${JSON.stringify(manifest(colours), null, 2)}\n`);
  for (const icon of APP_ICONS) await write(icon.path, await drawIcon(svg, icon, colours.background));
  return written;
}
