/**
 * How a downloadable portal file is described to visitors (downloads, public disclosures): its type as a short
 * upper-case label, taken from the portal's `fileType` or, without one, from the file name's extension.
 */

/**
 * `pdf` → `PDF`; `.docx` → `DOCX`; no type: the extension of `path` (`files/public/2.pdf` → `PDF`); neither:
 * `檔案` (a generic "file").
 */
export function fileTypeLabel(fileType: string | undefined, path?: string): string {
  const fromType = fileType?.trim().replace(/^\./, '');
  const fromPath = path?.split(/[?#]/)[0].match(/\.([a-z0-9]{1,8})$/i)?.[1];
  const label = fromType || fromPath;
  return label ? label.toUpperCase() : '檔案';
}
