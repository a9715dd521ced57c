/**
 * 公開資訊 (public disclosures) that insurers must publish under the insurance public-disclosure rules.
 * Categories carry `url`, the segment of /about/public/{category}. Attached reports are
 * `files/public/{id}.pdf`. Items: publicDisclosureSchema.
 */

/** Public disclosure categories (publicDisclosureCategorySchema). */
export const publicDisclosureCategories = [
  { id: 1, name: '公司概況', url: 'basic', sort: 1 },
  { id: 2, name: '財務概況', url: 'finance', sort: 2 },
  { id: 3, name: '公司治理', url: 'governance', sort: 3 },
  { id: 4, name: '商品資訊', url: 'product', sort: 4 },
];

/** One disclosure; with `file: true` it carries a PDF under files/public/. */
const item = (id, category, sort, title, date, content, file = false) => ({
  id,
  category,
  sort,
  title,
  date,
  content,
  ...(file ? { fileUrl: `files/public/${id}.pdf` } : {}),
});

/** Public disclosures (publicDisclosureSchema). */
export const publicDisclosures = [
  item(
    1,
    1,
    1,
    '公司簡介',
    '2026-04-30',
    `<p>和泰產物保險股份有限公司成立於 1961 年，總公司設於台北市，全台設有 17 個服務據點，提供汽車、機車、住宅、傷害、旅行及企業保險等商品。</p>
<table><tbody><tr><th>公司名稱</th><td>和泰產物保險股份有限公司</td></tr><tr><th>總公司地址</th><td>台北市中山區南京東路二段 109 號 8 樓</td></tr><tr><th>實收資本額</th><td>新臺幣 30 億元</td></tr><tr><th>員工人數</th><td>1,082 人（2026 年 3 月底）</td></tr></tbody></table>`,
  ),
  item(
    2,
    1,
    2,
    '組織架構',
    '2026-04-30',
    '<p>本公司設有董事會及審計委員會，總經理下設商品、核保、理賠、業務、資訊、財務及風險管理等部門。</p>',
    true,
  ),
  item(3, 1, 3, '總公司及分支機構', '2026-09-10', '<p>各分支機構之地址與電話請參閱<a href="/about/locations">服務據點</a>。</p>'),
  item(4, 1, 4, '簽證精算人員及外部複核精算人員', '2026-03-31', '<p>簽證精算人員：精算部協理；外部複核精算人員：由獨立精算顧問公司擔任。</p>'),
  item(5, 2, 1, '2026 年第三季財務報告', '2026-11-14', '<p>依保險業財務報告編製準則編製之第三季合併財務報告，業經會計師核閱。</p>', true),
  item(6, 2, 2, '2026 年第二季財務報告', '2026-08-29', '<p>第二季合併財務報告，業經會計師核閱。</p>', true),
  item(7, 2, 3, '2025 年度財務報告', '2026-03-27', '<p>2025 年度合併財務報告，業經會計師查核簽證。</p>', true),
  item(
    8,
    2,
    4,
    '資本適足率',
    '2026-05-15',
    `<table><thead><tr><th>期間</th><th>資本適足率</th><th>淨值比率</th></tr></thead><tbody><tr><td>2025 年 12 月 31 日</td><td>412.6%</td><td>18.4%</td></tr><tr><td>2025 年 6 月 30 日</td><td>398.2%</td><td>17.9%</td></tr></tbody></table>`,
  ),
  item(9, 2, 5, '信用評等', '2026-07-01', '<p>國際信用評等機構給予本公司長期財務實力評等 A（展望穩定）。</p>'),
  item(10, 3, 1, '董事會成員及經理人', '2026-06-20', '<p>本公司董事會由 9 位董事組成，其中獨立董事 3 席。</p>', true),
  item(11, 3, 2, '公司治理實務守則', '2025-12-18', '<p>本公司依保險業公司治理實務守則訂定本公司公司治理實務守則，並經董事會通過。</p>', true),
  item(12, 3, 3, '利害關係人交易資訊', '2026-09-30', '<p>本公司與利害關係人從事放款以外之交易，均依保險法第 146 條之 7 規定辦理。</p>'),
  item(13, 3, 4, '盡職治理報告', '2026-06-30', '<p>本公司遵循機構投資人盡職治理守則，年度盡職治理報告請見附件。</p>', true),
  item(
    14,
    3,
    5,
    '公平待客原則政策及策略',
    '2026-02-25',
    '<p>本公司公平待客原則政策經董事會通過，並每年檢視執行情形。詳見<a href="/fair">公平待客專區</a>。</p>',
  ),
  item(15, 4, 1, '現行銷售商品一覽表', '2026-10-15', '<p>本公司現行銷售之各項保險商品名稱、核准（備查）文號及銷售日期一覽。</p>', true),
  item(16, 4, 2, '停售商品一覽表', '2026-10-15', '<p>已停止銷售之保險商品名稱及停售日期。</p>', true),
  item(17, 4, 3, '保險商品費率及條款', '2026-10-15', '<p>各險種保險條款及費率表，請於網路投保平台或各商品頁面查詢。</p>'),
  item(
    18,
    4,
    4,
    '各險種理賠統計',
    '2026-04-20',
    `<table><thead><tr><th>險種</th><th>理賠件數</th><th>平均結案天數</th></tr></thead><tbody><tr><td>汽車保險</td><td>48,312</td><td>6.4</td></tr><tr><td>機車保險</td><td>12,905</td><td>5.1</td></tr><tr><td>傷害保險</td><td>6,227</td><td>8.9</td></tr><tr><td>住宅火災保險</td><td>1,843</td><td>12.3</td></tr></tbody></table>`,
  ),
];
