/**
 * The contract-change list (保單變更, REFERENCE.md "Routes" `/change`, REFERENCE.md "Portal API" `getContractChangeInsuranceList`): each insurance type
 * with the changes that can be applied and the documents they need, in display order (sort, then id), and the
 * props of the `/change` page.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { contractChangeSchema } from '../portal/schemas';
import { downloadLandingFor, loadDownloadTree } from './downloads';
import { locationsLandingPath } from './locations';
import { elementId } from '../lib/element-id';
import { inListOrder } from '../lib/order';

/** A contract-change entry as parsed by the portal schema. */
export type ContractChange = z.output<typeof contractChangeSchema>;

/**
 * Anchor id of an insurance type on `/change` (`/change#change-type-1`): src/lib/element-id.ts elementId, unique on
 * the page whatever the ids (its `-title` heading id never equals another type's anchor, and the prefix
 * `change-type` is none of the page's own `change-how`, `change-list`, `change-help`).
 */
export const contractChangeAnchor = (item: { id: string }): string => elementId('change-type', item.id);

/** The download categories whose name holds this word hold the policy-change forms (保單變更文件). */
export const CHANGE_FORMS_KEYWORD = '變更';

export interface ContractChangePageProps {
  changes: ContractChange[];
  /** The download page of the policy-change forms (downloadLandingFor CHANGE_FORMS_KEYWORD). */
  formsHref: string;
  /** The service locations page. */
  locationsHref: string;
}

/** Props of `/change`. */
export async function contractChangeProps(): Promise<ContractChangePageProps> {
  const [entries, tree, locationsHref] = await Promise.all([getCollection('contractChanges'), loadDownloadTree(), locationsLandingPath()]);
  return {
    changes: inListOrder(
      'contractChanges',
      entries.map((entry) => entry.data),
    ),
    formsHref: downloadLandingFor(tree, CHANGE_FORMS_KEYWORD),
    locationsHref,
  };
}
