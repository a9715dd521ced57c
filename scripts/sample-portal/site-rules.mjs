/**
 * The one door from the sample portal into the site's code (REFERENCE.md "Layers": folders depend one way).
 *
 * The sample portal stands in for the insurer's portal, so it shares with the site only what both sides of the
 * API agree on: the endpoint catalogue (REFERENCE.md "Portal API") and the pure rules a portal applies to what the site sends (the
 * forms' zod schemas, booking window and time slots, the one-line refusal) and the Taipei calendar they use. Every
 * sample-portal module imports these from here, never from src/ directly, and this file re-exports only from
 * `src/portal/endpoints.ts`, `src/portal/validation.ts` (the boundary's limits, for the hostile corpus), `src/site/` (the
 * list registry: which content module holds each list), `src/lib/forms/`, `src/lib/taipei-dates.ts` and `src/settings.ts` (its SAMPLE_PORTAL_* variables): modules with no Astro, browser or content
 * collection imports, which Node 24 loads with type stripping. tests/unit/sample-portal.test.ts checks both rules.
 * src/ never imports the sample portal.
 */
export { ENDPOINTS, inSpec } from '../../src/portal/endpoints.ts';
export { MAX_SEGMENT_BYTES, TEXT_MAX_CHARS } from '../../src/portal/validation.ts';
export { ARTICLE_SECTIONS } from '../../src/site/sections.ts';
export { PORTAL_LIST_ENTRIES } from '../../src/site/lists.ts';
export { APPOINTMENT_RULES } from '../../src/lib/forms/rules.ts';
export { contactSubmissionSchema } from '../../src/lib/forms/contact-schema.ts';
export { createAppointmentSchema } from '../../src/lib/forms/appointment-schema.ts';
export { timeSlots } from '../../src/lib/forms/slots.ts';
export { errorLine } from '../../src/lib/forms/issues.ts';
export { addDays, daysSince, taipeiToday } from '../../src/lib/taipei-dates.ts';
export { readSettings } from '../../src/settings.ts';
