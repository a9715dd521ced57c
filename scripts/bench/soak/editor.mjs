/**
 * The soak's editor simulator (scripts/bench/soak.mjs): what editors publish on the portal in each cycle, as one
 * cumulative edit of the sample portal's dataset (startSamplePortal's `setEdit`), and what a visitor must then see on
 * the live site for each change. Deterministic: cycle n always makes the same changes, so two soaks compare.
 *
 * Each cycle an editor
 * - adds a news item dated today with a cover photograph of its own (`images/news/soak-<n>.jpg`);
 * - changes the title of the news item added two cycles before;
 * - withdraws the news item added four cycles before (its page must answer 404);
 * - every other cycle adds an FAQ item to the category of the sample's first one;
 * - adds a notification (the browser fetches notifications, so it is live as soon as the portal answers it).
 * A change whose item a later change replaces or withdraws before it was seen live is "superseded", not lost.
 */

/** Id of the news item added in cycle n (far above the sample's and the generated ones). */
export const soakNewsId = (cycle) => 900_000 + cycle;
/** Id of the FAQ item added in cycle n. */
const soakFaqId = (cycle) => 900_000 + cycle;
/** How many cycles after its addition a news item gets a new title, and is withdrawn. */
const RETITLE_AFTER = 2;
const WITHDRAW_AFTER = 4;

/** Today's date in Taipei, `YYYY-MM-DD` (the portal's dates are Taipei days). */
const taipeiToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Taipei' });

/** A news body of the length editors write: several paragraphs, a list, an amount, a phone number. */
function newsBody(cycle) {
  const paragraph = `本公司於第 ${cycle} 次演練發布此則消息。颱風季節將至，請保戶留意住宅火災及地震基本保險的保障範圍，如有損失請於 30 日內檢具文件申請理賠，理賠專線 0800-000-123。`;
  return `<p>${paragraph}</p><ul><li>理賠申請書</li><li>損失照片</li><li>修復估價單（新臺幣 50,000 元以上須附明細）</li></ul><p>${paragraph.repeat(3)}</p>`;
}

/**
 * The editor of one soak.
 * @returns {{ changesFor(cycle: number): Change[], edit(): (lists: Record<string, object[]>) => void,
 *   newsImage(cycle: number): string }}
 *   `changesFor(n)` records and returns cycle n's changes (call once per cycle, in order); `edit()` the cumulative
 *   edit of every change so far, for the portal's setEdit; `newsImage(n)` the upload path of cycle n's cover.
 * @typedef {{ id: string, cycle: number, kind: 'add' | 'retitle' | 'withdraw' | 'faq' | 'notification',
 *   path: string, expect: { text?: string, status?: number }, newsId?: number }} Change
 *   `path` the live URL path that shows the change (with `?` for the API), `expect` what it then answers: a text it
 *   contains, or a status (404 for a withdrawn page)
 */
export function createEditor() {
  /** News items added so far, by cycle: { id, title, date, image }. */
  const added = new Map();
  const retitled = new Map();
  const withdrawn = new Set();
  const faqs = [];
  const notifications = [];
  const newsImage = (cycle) => `images/news/soak-${cycle}.jpg`;

  return {
    newsImage,
    changesFor(cycle) {
      const changes = [];
      const id = soakNewsId(cycle);
      const title = `演練第 ${cycle} 則：颱風季住宅保險理賠須知`;
      added.set(cycle, { id, title, date: taipeiToday(), image: newsImage(cycle) });
      changes.push({ id: `add-${cycle}`, cycle, kind: 'add', path: `/news/detail/${id}/`, expect: { text: title }, newsId: id });
      const retitle = cycle - RETITLE_AFTER;
      if (added.has(retitle) && !withdrawn.has(retitle)) {
        const newTitle = `演練第 ${retitle} 則（第 ${cycle} 次更新）：理賠文件補充說明`;
        retitled.set(retitle, newTitle);
        const item = added.get(retitle);
        changes.push({
          id: `retitle-${retitle}`,
          cycle,
          kind: 'retitle',
          path: `/news/detail/${item.id}/`,
          expect: { text: newTitle },
          newsId: item.id,
        });
      }
      const withdraw = cycle - WITHDRAW_AFTER;
      if (added.has(withdraw)) {
        withdrawn.add(withdraw);
        const item = added.get(withdraw);
        changes.push({
          id: `withdraw-${withdraw}`,
          cycle,
          kind: 'withdraw',
          path: `/news/detail/${item.id}/`,
          expect: { status: 404 },
          newsId: item.id,
        });
      }
      if (cycle % 2 === 1) {
        const question = `演練第 ${cycle} 題：颱風造成車輛泡水，車體險可以理賠嗎？`;
        faqs.push({ id: soakFaqId(cycle), title: question, cycle });
        changes.push({ id: `faq-${cycle}`, cycle, kind: 'faq', path: 'faq', expect: { text: question } });
      }
      const notice = { id: `SOAK-${cycle}`, category: 2, title: `演練公告 ${cycle}`, description: `第 ${cycle} 次演練發布的公告。` };
      notifications.push({ ...notice, startDate: new Date().toISOString(), nextUrl: '/news/all' });
      changes.push({ id: `notification-${cycle}`, cycle, kind: 'notification', path: 'notifications', expect: { text: notice.id } });
      return changes;
    },
    edit() {
      const news = [...added.entries()].filter(([cycle]) => !withdrawn.has(cycle));
      const faqItems = [...faqs];
      const notices = [...notifications];
      const titles = new Map(retitled);
      return (lists) => {
        const template = lists.news.find((item) => item.image) ?? lists.news[0];
        const items = news.map(([cycle, item]) => ({
          ...template,
          id: item.id,
          title: titles.get(cycle) ?? item.title,
          date: item.date,
          description: `第 ${cycle} 次演練的新聞摘要。`,
          content: newsBody(cycle),
          image: item.image,
        }));
        lists.news = [...items.reverse(), ...lists.news];
        const faqTemplate = lists.faqs[0];
        lists.faqs = [
          ...lists.faqs,
          ...faqItems.map((faq) => ({ ...faqTemplate, id: faq.id, title: faq.title, content: `<p>${faq.title}</p>${newsBody(faq.cycle)}` })),
        ];
        lists.notifications = notices;
      };
    },
  };
}
