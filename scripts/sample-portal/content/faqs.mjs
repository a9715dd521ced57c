/**
 * 常見問題 (FAQ). Category names come in the portal's `X-name` form (the site shows the part after the
 * first hyphen). Items carry `firstCategory` (category id), a `secondCategory` sub-heading and
 * `secondCategorySort`. The portal does not send items in display order: the exported list is shuffled
 * deterministically, so the site has to sort by `secondCategorySort` itself (REFERENCE.md "Constants").
 */

import { VEHICLE_FAQS } from './faqs-vehicle.mjs';
import { PERSONAL_FAQS } from './faqs-personal.mjs';
import { SERVICE_FAQS } from './faqs-service.mjs';

/** FAQ categories (faqCategorySchema). */
export const faqCategories = [
  { id: 1, name: '1-汽車保險', sort: 1 },
  { id: 2, name: '2-機車保險', sort: 2 },
  { id: 3, name: '3-理賠服務', sort: 3 },
  { id: 4, name: '4-網路投保', sort: 4 },
  { id: 5, name: '5-保費繳納', sort: 5 },
  { id: 6, name: '6-保單服務', sort: 6 },
  { id: 7, name: '7-強制險', sort: 7 },
  { id: 8, name: '8-旅遊保險（旅平險、不便險）', sort: 8 },
  { id: 9, name: '9-住宅火險及地震險', sort: 9 },
  { id: 10, name: '10-傷害保險', sort: 10 },
  { id: 11, name: '11-寵物保險', sort: 11 },
  { id: 12, name: '12-申訴與爭議', sort: 12 },
  { id: 13, name: '13-退保與解約', sort: 13 },
];

/** FAQ items in display order, per category: [secondCategory, title, content]. */
const BY_CATEGORY = {
  1: [
    [
      '投保須知',
      '汽車保險有哪些種類？',
      '<p>汽車保險分為<strong>強制汽車責任保險</strong>與<strong>任意汽車保險</strong>。任意險包含第三人責任險、車體損失險、竊盜損失險及各項附加險，可依需求搭配。</p>',
    ],
    ['投保須知', '新車交車前可以先投保嗎？', '<p>可以。請提供車輛出廠證明或新車發票，即可於領牌前先行投保，保險期間自領牌日起生效。</p>'],
    [
      '投保須知',
      '車體損失險甲式、乙式、丙式有什麼不同？',
      '<ul><li><strong>甲式</strong>：保障範圍最廣，含碰撞、火災、天災以外的不明原因損失。</li><li><strong>乙式</strong>：保障碰撞、火災、第三人惡意破壞等。</li><li><strong>丙式</strong>：僅保障與其他車輛碰撞且確認對方車輛者。</li></ul>',
    ],
    [
      '保費計算',
      '汽車保費是怎麼計算的？',
      '<p>保費依車種、車齡、廠牌車型、保險金額、被保險人年齡及過去的理賠紀錄（從人因素）等計算。您可以至<a href="/insurance/detail/1">汽車保險</a>頁面線上試算。</p>',
    ],
    [
      '保費計算',
      '去年有出險，今年保費會增加嗎？',
      '<p>強制險與部分任意險會依前一年度的肇事及理賠紀錄調整保費係數，無肇事紀錄者則可享有保費減費。</p>',
    ],
    [
      '保單內容',
      '借朋友開車發生事故，保險有保障嗎？',
      '<p>經被保險人同意使用或管理被保險汽車之人，在保險契約約定範圍內同樣受到保障。但若駕駛人無照駕駛或酒後駕車，保險公司不負賠償責任。</p>',
    ],
    [
      '保單內容',
      '車輛改裝需要通知保險公司嗎？',
      '<p>需要。車輛改裝可能影響保險金額與危險程度，請於改裝後儘速通知本公司辦理<a href="/change">保單變更</a>。</p>',
    ],
  ],
  2: [
    ['投保須知', '機車強制險一定要保嗎？', '<p>是的，依強制汽車責任保險法規定，機車必須投保強制險，未投保者將被處以罰鍰。</p>'],
    ['投保須知', '機車強制險可以保幾年？', '<p>機車強制險可選擇投保一年或二年，二年期保費較為優惠，也可避免忘記續保。</p>'],
    [
      '投保須知',
      '電動機車和燃油機車的保險一樣嗎？',
      '<p>強制險的規定相同。電動機車可另外加保電池損失相關附加險，請參考<a href="/insurance/detail/3">機車保險</a>。</p>',
    ],
    [
      '附加保障',
      '機車強制險保障夠嗎？',
      '<p>強制險僅保障事故受害人的體傷與死亡，不保障財物損失，保額也有上限。建議加保<strong>第三人責任險</strong>及<strong>駕駛人傷害險</strong>，保障更完整。</p>',
    ],
    ['附加保障', '騎機車被偷了，保險有賠嗎？', '<p>若有投保機車竊盜損失險，可依保險金額理賠。請立即向警方報案並取得報案證明。</p>'],
    ['保單內容', '機車過戶後保險怎麼處理？', '<p>機車過戶時，強制險可隨車移轉給新車主，請檢附過戶證明辦理保單變更。</p>'],
  ],
  3: [
    ['報案流程', '發生事故後要多久內報案？', '<p>請於知悉事故後 <strong>5 日內</strong>通知本公司，報案專線 0800-077-568 全年無休。</p>'],
    [
      '報案流程',
      '報案時需要準備哪些資料？',
      '<ul><li>被保險人姓名與保單號碼（或車牌號碼）</li><li>事故發生的時間、地點與經過</li><li>對方車輛及駕駛人資料（如有）</li></ul>',
    ],
    ['報案流程', '可以線上報案嗎？', '<p>可以，請至<a href="/claim">理賠服務</a>頁面進行線上報案，並上傳現場照片。</p>'],
    [
      '理賠文件',
      '申請理賠需要哪些文件？',
      '<p>依險種不同而異，一般包含理賠申請書、身分證明、事故證明及損失證明。各險種表單可至<a href="/download">文件下載</a>取得。</p>',
    ],
    ['理賠文件', '醫療收據可以用副本嗎？', '<p>原則上需提供正本。若正本已提供其他保險公司，可檢附副本並加註正本存放處。</p>'],
    ['理賠進度', '理賠多久可以拿到理賠金？', '<p>文件齊全後 <strong>15 個工作天內</strong>給付。小額車損案件透過線上理賠，最快 3 個工作天。</p>'],
    ['理賠進度', '如何查詢理賠進度？', '<p>可登入網路投保平台查詢，或撥打客服專線 0800-880-550 由專人協助。</p>'],
    [
      '理賠爭議',
      '對理賠結果有疑義怎麼辦？',
      '<p>請先撥打申訴專線 0800-501-888 與本公司溝通；如仍無法解決，可向<a href="https://www.foi.org.tw">金融消費評議中心</a>申請評議。</p>',
    ],
  ],
  4: [
    ['註冊登入', '網路投保需要先註冊會員嗎？', '<p>首次投保時可直接以身分證字號及手機號碼驗證，完成投保後系統將自動建立會員帳號。</p>'],
    [
      '註冊登入',
      '忘記密碼怎麼辦？',
      '<p>請於登入頁面點選「忘記密碼」，以註冊的手機號碼接收驗證碼後重新設定密碼。也可使用<a href="/mid">行動身分識別</a>登入。</p>',
    ],
    ['投保操作', '網路投保可以投保哪些商品？', '<p>目前提供汽車保險、機車保險、旅行平安保險、傷害保險及住家保險的網路投保。</p>'],
    ['投保操作', '網路投保後保單什麼時候生效？', '<p>依您選擇的保險期間起日生效；旅平險最快可於繳費完成後立即生效。</p>'],
    ['投保操作', '可以幫家人投保嗎？', '<p>可以為配偶、子女及父母投保旅平險與傷害保險，汽機車保險則需以車主本人為要保人。</p>'],
    ['系統環境', '網路投保建議使用哪些瀏覽器？', '<p>建議使用最新版本的 Microsoft Edge 或 Google Chrome，以獲得最佳操作體驗。</p>'],
  ],
  5: [
    ['繳費方式', '保費可以用哪些方式繳納？', '<ul><li>信用卡（可分期）</li><li>行動支付</li><li>ATM 轉帳</li><li>超商代收</li></ul>'],
    ['繳費方式', '信用卡可以分期付款嗎？', '<p>保費達 3,000 元以上可選擇合作銀行信用卡 3 期或 6 期零利率分期。</p>'],
    [
      '逾期補繳',
      '繳費逾期了怎麼補單？',
      '<p>請撥打客服專線 0800-880-550，或登入網路投保平台重新產生繳費單。逾期未繳可能導致保單無法生效，請儘速補繳。</p>',
    ],
    ['逾期補繳', '超商繳費單過期還能使用嗎？', '<p>超商繳費單逾期後無法使用，請重新申請繳費單。</p>'],
    ['收據發票', '保費收據可以申請補發嗎？', '<p>可以，請來電客服或至網路投保平台下載電子收據。</p>'],
    [
      '收據發票',
      '保費可以列舉扣除所得稅嗎？',
      '<p>人身保險（如傷害保險、旅平險）的保費可列舉扣除，每人每年上限 24,000 元；汽機車保險及住宅火險保費則不適用。</p>',
    ],
  ],
  6: [
    ['保單變更', '如何變更保單上的地址或電話？', '<p>可登入網路投保平台自行修改，或填寫<a href="/download">保單變更申請書</a>寄回本公司。</p>'],
    [
      '保單變更',
      '換車時保險可以轉到新車嗎？',
      '<p>可以辦理保單批改，將保險移轉至新車，保費依新車條件重新計算，多退少補。詳見<a href="/change">保單變更</a>。</p>',
    ],
    ['保單變更', '可以中途解約嗎？保費怎麼退？', '<p>可以，依短期費率表計算未到期保費後退還。強制險除車輛報廢、失竊等法定事由外不得解約。</p>'],
    ['保單查詢', '如何查詢我的保單內容？', '<p>登入網路投保平台即可查詢有效保單，並下載電子保單。</p>'],
    ['保單查詢', '電子保單和紙本保單效力一樣嗎？', '<p>一樣。電子保單與紙本保單具有相同的法律效力，如需紙本可來電申請免費寄送。</p>'],
    ['保單查詢', '強制險電子保險證怎麼下載？', '<p>可至網路投保平台的「強制險電子保險證下載」頁面，輸入車牌號碼與身分證字號後下載。</p>'],
    [
      '其他服務',
      '聽語障朋友如何聯繫客服？',
      '<p>可使用<a href="/contact">客服信箱</a>或預約<a href="/service">視訊手語翻譯服務</a>，由專人協助。</p>',
    ],
  ],
};

/** Deterministic permutation: items leave in an order unrelated to their sort numbers. */
const scramble = (items) =>
  items
    .map((item, i) => ({ item, key: (i * 37 + 11) % 97 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

/**
 * The items the editors added later, per category (faqs-vehicle.mjs, faqs-personal.mjs, faqs-service.mjs): numbered
 * after the first ones (ids from 41), so the first items keep their ids.
 */
const ADDED = [VEHICLE_FAQS, PERSONAL_FAQS, SERVICE_FAQS];

let nextId = 1;
const numbered = (byCategory) =>
  Object.entries(byCategory).flatMap(([category, rows]) =>
    rows.map(([secondCategory, title, content]) => ({ id: nextId++, title, content, firstCategory: Number(category), secondCategory })),
  );
const items = [...numbered(BY_CATEGORY), ...ADDED.flatMap(numbered)];

/**
 * `secondCategorySort` as an editor who files a new question under an existing sub-heading gives it: the items of a
 * category in steps of 10, its sub-headings in the order they first appear, a sub-heading's items together (the first
 * ones before the added ones), so every sub-heading is one run of sort numbers.
 */
const ordered = Object.values(Object.groupBy(items, (item) => item.firstCategory)).flatMap((own) =>
  Object.values(Object.groupBy(own, (item) => item.secondCategory))
    .flat()
    .map((item, index) => ({ ...item, secondCategorySort: (index + 1) * 10 })),
);

/** FAQ items (faqSchema), not in display order. */
export const faqs = scramble(ordered);
