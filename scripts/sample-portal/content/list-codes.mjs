/**
 * Code lists answered by the list-codes endpoint, keyed by `codeType`.
 * `ProblemType`: question types of the contact form.
 */

/** Code lists: codeType → list of `{ code, name }`. */
export const listCodes = {
  ProblemType: [
    { code: '01', name: '保單服務' },
    { code: '02', name: '理賠服務' },
    { code: '03', name: '網路投保' },
    { code: '04', name: '繳費問題' },
    { code: '05', name: '申訴' },
    { code: '06', name: '其他' },
  ],
};
