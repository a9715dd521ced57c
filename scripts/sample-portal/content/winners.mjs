/**
 * 得獎公告 (winner announcements). Names are masked (王○明) and only the last three digits of the
 * winner's mobile number are shown, as Taiwanese insurers publish them. Items: articleSchema.
 */

/** Winner categories (categorySchema). */
export const winnerCategories = [
  { id: 1, name: '抽獎活動', sort: 1 },
  { id: 2, name: '問卷及互動活動', sort: 2 },
];

const SURNAMES = '陳林黃張李王吳劉蔡楊許鄭謝郭洪曾邱廖賴徐周葉蘇莊呂江何蕭羅高';
const GIVEN_LAST = '明華玲傑婷宏芳豪萍偉瑜君文安慧成翔琪雯志';

/** Deterministic list of masked winners: `王○明` and the phone tail, e.g. `368`. */
function maskedWinners(count, seed) {
  return Array.from({ length: count }, (_, i) => {
    const n = seed * 31 + i * 17;
    const surname = SURNAMES[(n * 7 + i) % SURNAMES.length];
    const last = GIVEN_LAST[(n * 3 + seed) % GIVEN_LAST.length];
    const tail = String((n * 137 + 251) % 1000).padStart(3, '0');
    return { name: `${surname}○${last}`, tail };
  });
}

/**
 * HTML table of the winners of each prize.
 * @param {{ prize: string, count: number }[]} prizes  prize names and how many winners each.
 * @param {number} seed  varies the generated names.
 * @returns {string} a `<table>` with 獎項, 得獎者 (masked) and 手機末三碼 columns.
 */
export function winnerTable(prizes, seed) {
  let offset = 0;
  const rows = prizes
    .flatMap(({ prize, count }) => {
      const list = maskedWinners(count, seed + offset);
      offset += count;
      return list.map(({ name, tail }) => `<tr><td>${prize}</td><td>${name}</td><td>${tail}</td></tr>`);
    })
    .join('');
  return `<table><thead><tr><th>獎項</th><th>得獎者</th><th>手機末三碼</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const NOTICE = `<h3>領獎注意事項</h3>
<ul><li>本公司將以簡訊通知得獎者，請於通知後 14 日內回覆領獎資料，逾期視同放棄。</li><li>獎品價值超過新臺幣 1,000 元者，依法須申報所得；超過 20,000 元者，須預扣 10% 機會中獎所得稅。</li><li>本公司不會要求得獎者操作 ATM 或支付任何費用，如有疑問請撥打 0800-880-550 查證。</li></ul>`;

/** Winner announcements (articleSchema). */
export const winners = [
  {
    id: 10,
    title: '「耶誕填問卷抽好禮」得獎名單',
    date: '2026-11-16',
    categoryId: 2,
    description: '感謝踴躍填寫服務滿意度問卷，共抽出 50 名幸運得主，名單如下。',
    content: `<p>「耶誕填問卷抽好禮」已於 2026 年 11 月 16 日公開抽出，部分得獎名單如下（依抽出順序排列）：</p>
${winnerTable([{ prize: '耶誕限定保溫杯組', count: 12 }], 10)}
${NOTICE}`,
  },
  {
    id: 9,
    title: '「中秋出遊旅平險，投保抽住宿券」得獎名單',
    date: '2026-10-13',
    categoryId: 1,
    image: 'images/winner/9.jpg',
    description: '中秋旅平險抽獎活動得獎名單出爐，頭獎溫泉飯店住宿券共 5 名。',
    content: `<p>本活動於 2026 年 10 月 12 日在台北總公司公開抽獎，並經律師見證。</p>
${winnerTable(
  [
    { prize: '頭獎 溫泉飯店雙人住宿券', count: 5 },
    { prize: '貳獎 高鐵禮券 1,000 元', count: 8 },
  ],
  9,
)}
${NOTICE}`,
  },
  {
    id: 8,
    title: '「電動車主專屬優惠」充電點數發送公告',
    date: '2026-09-08',
    categoryId: 2,
    description: '符合資格之電動車主充電點數已發送完畢，未收到者請與客服聯繫。',
    content: `<p>「電動車主專屬優惠」活動之充電點數已於 2026 年 9 月 5 日發送完畢。首批領取名單如下：</p>
${winnerTable([{ prize: '充電點數 500 點', count: 10 }], 8)}
<p>如符合資格但未收到點數，請撥打客服專線 <strong>0800-880-550</strong>。</p>`,
  },
  {
    id: 7,
    title: '「母親節感恩抽獎」得獎名單',
    date: '2026-05-29',
    categoryId: 1,
    description: '母親節感恩抽獎共 30 名得主，恭喜以下得獎者。',
    content: `<p>感謝您的參與！「母親節感恩抽獎」得獎名單如下：</p>
${winnerTable(
  [
    { prize: '按摩椅墊', count: 5 },
    { prize: '手部按摩器', count: 10 },
  ],
  7,
)}
${NOTICE}`,
  },
  {
    id: 6,
    title: '「新春開運抽紅包」888 元紅包得獎名單',
    date: '2026-03-06',
    categoryId: 1,
    image: 'images/winner/6.jpg',
    description: '新春開運抽紅包活動圓滿結束，最高獎 888 元紅包得主公布。',
    content: `<p>「新春開運抽紅包」活動期間共有超過 2 萬人次參加，888 元紅包得獎名單如下：</p>
${winnerTable([{ prize: '888 元電子禮券', count: 15 }], 6)}
<p>其餘金額紅包已於登入當下發送，請至網路投保平台「我的禮券」查看。</p>`,
  },
  {
    id: 5,
    title: '「淨灘愛地球」志工感謝名單與紀念品寄送公告',
    date: '2025-11-20',
    categoryId: 2,
    description: '感謝參與淨灘活動的志工夥伴，紀念品將於 12 月上旬寄出。',
    content: `<p>本次淨灘活動共清出 380 公斤海洋廢棄物，感謝每一位參與者。以下志工夥伴獲得「環保小尖兵」紀念品：</p>
${winnerTable([{ prize: '環保餐具組', count: 10 }], 5)}`,
  },
  {
    id: 4,
    title: '「汽車險推薦好友」第一季獎勵發送名單',
    date: '2025-10-14',
    categoryId: 2,
    description: '推薦好友活動第一季推薦獎勵已發送，推薦次數前 10 名另享加碼好禮。',
    content: `<p>推薦好友活動第一季（9 月）獎勵已發送完畢。推薦次數前 10 名加碼好禮得主如下：</p>
${winnerTable([{ prize: '加碼 行車記錄器', count: 10 }], 4)}`,
  },
  {
    id: 3,
    title: '「安全駕駛挑戰賽」得獎名單',
    date: '2025-09-12',
    categoryId: 1,
    description: '安全駕駛挑戰賽達標者抽獎結果公布，共 40 名獲得加油禮券。',
    content: `<p>恭喜以下完成 30 天安全駕駛挑戰的得獎者：</p>
${winnerTable(
  [
    { prize: '加油禮券 2,000 元', count: 5 },
    { prize: '加油禮券 500 元', count: 10 },
  ],
  3,
)}
${NOTICE}`,
  },
  {
    id: 2,
    title: '「官網使用體驗問卷」得獎名單',
    date: '2025-03-18',
    categoryId: 2,
    description: '官網使用體驗問卷抽獎結果公布，感謝您提供寶貴意見。',
    content: `<p>官網使用體驗問卷共回收 3,286 份，抽出得獎者如下：</p>
${winnerTable([{ prize: '咖啡兌換券', count: 12 }], 2)}`,
  },
  {
    id: 1,
    title: '「新官網上線，留言抽好禮」得獎名單',
    date: '2025-01-10',
    categoryId: 1,
    image: 'images/winner/1.jpg',
    description: '新官網留言抽獎活動共抽出 100 名得主，每名贈送超商禮券 100 元。',
    content: `<p>感謝大家熱情留言！部分得獎名單如下，完整名單已以簡訊通知得獎者：</p>
${winnerTable([{ prize: '超商禮券 100 元', count: 15 }], 1)}
${NOTICE}`,
  },
];
