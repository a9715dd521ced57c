/**
 * The appointment service's schema (預約服務, `/service`; services, fields and limits in appointment.ts). The browser
 * validates with it on blur and on submit (src/islands/ServiceForm.tsx loads this module on the visitor's first
 * interaction with the form); the sample portal validates `addAppointment` with the same schema. The bookable days
 * and slots depend on today, the holiday list and the office hours, so the schema is made by
 * {@link createAppointmentSchema} from those rules.
 *
 * Shared by the browser (loaded on demand) and the sample portal: imports zod/mini, this folder and the date
 * module (src/lib/taipei-dates.ts, through booking.ts).
 */
import * as z from 'zod/mini';
import { APPOINTMENT_FIELDS, APPOINTMENT_LIMITS, INTERPRETER_LANGUAGES, SERVICE_TYPES, type AppointmentRules } from './appointment.ts';
import { dateProblem } from './booking.ts';
import { consentField, emailField, optionalText, phoneField, requiredText } from './fields.ts';

const codes = (list: readonly { code: string }[]) => list.map((item) => item.code);

/** The schema of an appointment for the given day rules and slots. */
export function createAppointmentSchema(rules: AppointmentRules) {
  return z
    .object({
      serviceType: z.string('請選擇服務項目').check(z.refine((value: string) => codes(SERVICE_TYPES).includes(value), '請選擇服務項目')),
      language: z.string('請選擇通譯語言').check(z.trim()),
      address: z.string('請輸入服務地址').check(z.trim()),
      date: z.string('請選擇預約日期').check(
        z.trim(),
        z.superRefine((value: string, ctx) => {
          const problem = dateProblem(value, rules.booking);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
        }),
      ),
      time: z.string('請選擇預約時段').check(
        z.minLength(1, '請選擇預約時段'),
        z.refine((value: string) => value === '' || rules.slots.includes(value), '此時段不提供預約，請選擇其他時段'),
      ),
      name: requiredText(APPOINTMENT_FIELDS.name, APPOINTMENT_LIMITS.name),
      phone: phoneField(),
      email: emailField(),
      note: optionalText(APPOINTMENT_FIELDS.note, APPOINTMENT_LIMITS.note),
      consent: consentField(),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.serviceType === 'interpret' && !codes(INTERPRETER_LANGUAGES).includes(value.language)) {
          ctx.addIssue({ code: 'custom', message: '請選擇通譯語言', path: ['language'], input: value.language });
        }
        if (value.serviceType === 'visit') {
          const length = [...value.address].length;
          if (length < 5) {
            ctx.addIssue({ code: 'custom', message: '請輸入到府服務的完整地址', path: ['address'], input: value.address });
          } else if (length > APPOINTMENT_LIMITS.address) {
            ctx.addIssue({
              code: 'custom',
              message: `服務地址請勿超過 ${APPOINTMENT_LIMITS.address} 字`,
              path: ['address'],
              input: value.address,
            });
          }
        }
      }),
    );
}

/** An appointment as the schema leaves it. */
export type AppointmentSubmission = z.infer<ReturnType<typeof createAppointmentSchema>>;
