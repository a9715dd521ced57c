/**
 * Element ids derived from portal ids are unique on every page (src/lib/element-id.ts): two portal ids `x` and
 * `x-title` gave `disclosure-x-title` twice and an `aria-labelledby` naming the wrong heading.
 */
import { describe, expect, it } from 'vitest';
import { elementId, encodeIdPart } from '../../src/lib/element-id';
import { faqAnchor } from '../../src/sections/faq';
import { contractChangeAnchor } from '../../src/sections/contract-changes';
import { HOSTILE_IDS } from '../../scripts/sample-portal/content/hostile.mjs';

/** The ids one page writes for its items: each item's own id and its heading's (`-title`), as the layouts do. */
const pageIds = (ids: readonly string[], prefix = 'disclosure') => ids.flatMap((id) => [elementId(prefix, id), `${elementId(prefix, id)}-title`]);

describe('element ids from portal ids', () => {
  it('gives two items x and x-title four different ids, so each aria-labelledby names its own heading', () => {
    const ids = pageIds(['x', 'x-title']);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual(['disclosure-x', 'disclosure-x-title', 'disclosure-x_2d_title', 'disclosure-x_2d_title-title']);
  });

  it('keeps letters and digits of any script as they are (links and tests that name #faq-12 still work)', () => {
    expect(faqAnchor({ id: '12' })).toBe('faq-12');
    expect(elementId('faq', '惡意編號')).toBe('faq-惡意編號');
    expect(contractChangeAnchor({ id: '1' })).toBe('change-type-1');
  });

  it('writes no white space and no "-" for the id part, and is one-to-one', () => {
    const ids = [...HOSTILE_IDS, 'x', 'x-title', 'x_2d_title', 'x_title', 'a b', 'a_20_b', 'group-0', '-', '_', '', 'help-top', '😀', 'cafe\u0301'];
    const encoded = ids.map(encodeIdPart);
    for (const part of encoded) expect(part).not.toMatch(/[\s-]/);
    expect(new Set(encoded).size).toBe(ids.length);
    expect(new Set(pageIds(ids)).size).toBe(ids.length * 2);
  });

  it('never equals the page\'s own ids that share a prefix (they hold a second "-")', () => {
    const own = ['faq-group-0', 'faq-help-top', 'change-how', 'change-list', 'change-help'];
    for (const id of ['group-0', 'help-top', 'how', 'list', 'help']) {
      expect(own).not.toContain(faqAnchor({ id }));
      expect(own).not.toContain(contractChangeAnchor({ id }));
    }
  });
});
