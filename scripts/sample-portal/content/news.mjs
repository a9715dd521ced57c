/**
 * 最新消息 (corporate news): categories and items as the portal publishes them.
 * Items: articleSchema. Newest first, as the portal lists them. Dates are mostly `YYYY-MM-DD`; a few carry a time,
 * with or without a zone, as a real portal may send them (src/lib/taipei-dates.ts reads all three). The first 42
 * items have short bodies and ids that grow with time; the 60 of news-2025.mjs and news-2026.mjs have the long bodies
 * of a real portal and ids from 43, numbered in their own date order, so they interleave with the first ones (as
 * items an editor enters later with an earlier date do).
 */
import { NEWS_2025 } from './news-2025.mjs';
import { NEWS_2026 } from './news-2026.mjs';

/** News categories (categorySchema). */
export const newsCategories = [
  { id: 1, name: '公司新聞', sort: 1 },
  { id: 2, name: '商品訊息', sort: 2 },
  { id: 3, name: '服務公告', sort: 3 },
  { id: 4, name: '得獎榮耀', sort: 4 },
];

/** The first news items, newest first. */
const FIRST_NEWS = [
  {
    id: 42,
    title: '年底保單到期提醒：線上續保享電子保單與快速繳費',
    date: '2026-11-18',
    categoryId: 3,
    description: '年底為汽機車保單到期高峰，建議保戶提前確認保險期間，透過網路投保平台即可完成續保與繳費。',
    content: `<p>每年十一月至十二月是汽機車保單到期的高峰期。為避免保障中斷，和泰產險提醒保戶提前確認保單到期日，並可於到期前 45 天起辦理續保。</p>
<h3>線上續保三步驟</h3>
<ul><li>登入網路投保平台，確認車籍與被保險人資料。</li><li>選擇保障內容，系統將自動帶入前一年度的投保項目。</li><li>以信用卡或行動支付完成繳費，電子保單將寄送至您的電子信箱。</li></ul>
<p>若需變更被保險人、車牌或保險金額，請參考<a href="/change">保單變更</a>說明；有任何疑問，歡迎撥打客服專線 <strong>0800-880-550</strong>。</p>`,
  },
  {
    id: 41,
    title: '和泰產險官網通過無障礙檢測 AA 等級',
    // A UTC time (2026-11-05 01:30 in Taipei): the site shows 2026/11/05 whatever the build machine's zone
    // (tests/build/timezone.test.ts).
    date: '2026-11-04T17:30:00Z',
    categoryId: 1,
    image: 'images/news/41.jpg',
    description: '本公司官方網站通過無障礙網頁 AA 等級檢測，讓視障、高齡及行動不便的朋友都能順利取得保險資訊。',
    content: `<p>為落實金融友善服務，和泰產險官方網站完成全面無障礙改善，並通過 <strong>AA 等級</strong>檢測。網站支援鍵盤操作、螢幕報讀軟體與字級放大，頁面內容亦可透過語音朗讀功能收聽。</p>
<h3>本次改善重點</h3>
<ul><li>所有圖片提供替代文字，表單欄位均有清楚標示。</li><li>文字與背景色彩對比符合 WCAG 2.1 AA 標準。</li><li>新增語音朗讀與字級調整功能，閱讀更輕鬆。</li></ul>
<p>更多友善服務措施，請參閱<a href="/fair/friendly">金融友善服務</a>專區。</p>`,
  },
  {
    id: 40,
    title: '公平待客原則評核再獲佳績，連續三年名列前段班',
    // A time without zone: Taipei local time.
    date: '2026-10-22 09:30',
    categoryId: 4,
    description: '金融監督管理委員會公布年度公平待客原則評核結果，和泰產險連續三年獲評為產險業前 25%。',
    content: `<p>金融監督管理委員會公布本年度保險業公平待客原則評核結果，和泰產險再度名列產險業<strong>前 25%</strong>，為連續第三年獲此肯定。</p>
<p>本公司持續從商品設計、招攬說明、核保理賠到申訴處理，全面落實以客為尊的經營理念，並定期檢視各項服務流程。</p>
<p>完整的公平待客政策與執行情形，請參閱<a href="/fair">公平待客專區</a>。</p>`,
  },
  {
    id: 39,
    title: '企業團體傷害保險新方案，中小企業員工保障一次到位',
    date: '2026-10-08',
    categoryId: 2,
    description: '針對 5 人以上的中小企業推出團體傷害保險組合方案，可依產業別彈性搭配職業災害與醫療保障。',
    content: `<p>照顧員工是企業永續經營的基礎。和泰產險推出全新<strong>企業團體傷害保險</strong>方案，投保人數 5 人以上即可承保。</p>
<h3>方案特色</h3>
<ul><li>依產業風險等級提供三種保額組合，保費透明好計算。</li><li>可附加傷害醫療、住院日額及職業災害補償。</li><li>員工異動可隨時加退保，按日計算保費。</li></ul>
<table><thead><tr><th>方案</th><th>傷害身故及失能</th><th>傷害醫療（實支實付）</th></tr></thead><tbody><tr><td>基本型</td><td>100 萬元</td><td>3 萬元</td></tr><tr><td>加強型</td><td>200 萬元</td><td>5 萬元</td></tr><tr><td>完整型</td><td>300 萬元</td><td>10 萬元</td></tr></tbody></table>
<p>歡迎企業客戶透過<a href="/contact">客服信箱</a>洽詢，將由專人與您聯繫。</p>`,
  },
  {
    id: 38,
    title: '中秋暨教師節連假期間服務時間公告',
    date: '2026-09-24',
    categoryId: 3,
    description: '9 月 25 日至 9 月 28 日連假期間，客服專線暫停服務，事故報案及道路救援仍 24 小時受理。',
    content: `<p>中秋節暨教師節連續假期（<strong>9 月 25 日至 9 月 28 日</strong>）期間，本公司各項服務安排如下：</p>
<ul><li>客服專線 0800-880-550：連假期間暫停服務，9 月 29 日起恢復正常。</li><li>理賠及報案專線 0800-077-568：24 小時受理事故報案。</li><li>道路救援：全年無休，請撥打保單所載救援專線。</li></ul>
<p>連假出遊車流量大，請保持安全車距並注意行車安全，祝您佳節愉快。</p>`,
  },
  {
    id: 37,
    title: '新竹通訊處遷址營業公告',
    date: '2026-09-10',
    categoryId: 1,
    description: '新竹通訊處自 10 月 1 日起遷至新竹市東區光復路二段新址營業，電話與傳真號碼不變。',
    content: `<p>為提供更舒適的洽公環境，新竹通訊處自 <strong>2026 年 10 月 1 日</strong>起遷至新址營業：</p>
<ul><li>新址：新竹市東區光復路二段 295 號 6 樓</li><li>電話：(03) 571-2233（不變）</li><li>傳真：(03) 571-2255（不變）</li></ul>
<p>新址鄰近新竹火車站及多條公車路線，交通便利。各地服務據點資訊請見<a href="/about/locations">服務據點</a>。</p>`,
  },
  {
    id: 36,
    title: '個人資料蒐集、處理及利用告知事項更新',
    date: '2026-08-27',
    categoryId: 3,
    description: '配合個人資料保護法修正，本公司更新個人資料告知事項，新增資料保存期間與當事人權利行使方式說明。',
    content: `<p>配合個人資料保護法及相關子法修正，本公司已更新「個人資料蒐集、處理及利用告知事項」，主要修正如下：</p>
<ul><li>明列各類保險業務之個人資料保存期間。</li><li>新增當事人查詢、更正及刪除個人資料之線上申請管道。</li><li>補充與再保險公司、理賠鑑定機構間之資料傳輸說明。</li></ul>
<p>完整內容請參閱<a href="/privacy">隱私權保護政策</a>。</p>`,
  },
  {
    id: 35,
    title: '住家綜合保險升級，新增居家責任與寵物意外保障',
    date: '2026-08-12',
    categoryId: 2,
    image: 'images/news/35.jpg',
    description: '住家綜合保險新增第三人責任與家中寵物意外醫療附加條款，一張保單照顧住家與家人。',
    content: `<p>和泰產險<strong>住家綜合保險</strong>全新升級！除了原有的火災、爆炸、竊盜與地震保障外，本次新增兩項附加條款：</p>
<h3>新增保障</h3>
<ul><li><strong>居家責任保險</strong>：因住家管理疏失致第三人受傷或財物受損，依法應負之賠償責任。</li><li><strong>寵物意外醫療</strong>：家中犬貓因意外事故就醫之醫療費用。</li></ul>
<p>詳細保障內容請參考<a href="/insurance/detail/12">住家保險商品介紹</a>。</p>`,
  },
  {
    id: 34,
    title: '榮獲台灣企業永續獎「氣候領袖獎」',
    date: '2026-07-29',
    categoryId: 4,
    image: 'images/news/34.jpg',
    description: '和泰產險以氣候風險管理與綠色保險商品的成果，獲頒年度台灣企業永續獎氣候領袖獎。',
    content: `<p>和泰產險以<strong>氣候風險管理</strong>及綠色保險商品的推動成果，榮獲本年度台灣企業永續獎「氣候領袖獎」。</p>
<p>本公司自 2024 年起導入氣候相關財務揭露（TCFD）架構，評估颱風、豪雨等極端天氣對承保業務的影響，並推出電動車及太陽光電設備保險，協助客戶邁向低碳生活。</p>
<p>更多永續行動請參閱<a href="/about/responsibility">企業永續</a>專區。</p>`,
  },
  {
    id: 33,
    title: '颱風期間理賠服務加強措施',
    date: '2026-07-15',
    categoryId: 3,
    isTop: true,
    image: 'images/news/33.jpg',
    description: '颱風季節來臨，本公司啟動災害應變機制，提供簡化理賠文件、優先派員查勘及道路救援服務。',
    content: `<p>每年七至九月為颱風好發期。本公司於颱風警報發布後即啟動<strong>災害應變小組</strong>，提供以下加強服務：</p>
<h3>理賠加強措施</h3>
<ul><li>車輛泡水、住宅受損案件，優先派員查勘。</li><li>單一事故損失新臺幣 10 萬元以下者，得以照片代替查勘。</li><li>簡化理賠文件，先行受理、文件後補。</li></ul>
<h3>防颱小提醒</h3>
<ul><li>將車輛停放於地勢較高處，避免停在地下室或低窪路段。</li><li>門窗加裝防颱膠條，清理排水孔。</li><li>隨時留意<a href="https://www.cwa.gov.tw">中央氣象署</a>最新颱風動態。</li></ul>
<p>事故報案請撥 <strong>0800-077-568</strong>，或參考<a href="/claim">理賠服務</a>說明。</p>`,
  },
  {
    id: 32,
    title: '攜手警方宣導防詐，提醒民眾慎防假冒保險公司來電',
    date: '2026-06-30',
    categoryId: 1,
    description: '近期發生假冒保險公司人員以退費為由要求操作 ATM 的詐騙案件，本公司提醒保戶提高警覺。',
    content: `<p>近期有不法人士假冒保險公司人員，以「保費重複扣款」、「辦理退費」等理由，要求民眾前往 ATM 操作或提供網路銀行密碼。</p>
<p><strong>和泰產險絕不會要求保戶操作 ATM 或提供帳戶密碼。</strong>如接獲可疑電話，請立即掛斷，並撥打 165 反詐騙專線或本公司客服專線 0800-880-550 查證。</p>
<p>防詐資訊可參考<a href="https://165.npa.gov.tw">內政部警政署 165 全民防騙網</a>。</p>`,
  },
  {
    id: 31,
    title: '暑假出國旅平險方案，海外突發疾病與行程延誤一次搞定',
    date: '2026-06-16',
    categoryId: 2,
    image: 'images/news/31.jpg',
    description: '暑假出國旺季，旅行平安保險可附加海外突發疾病、班機延誤及行李遺失保障，出發前線上投保最方便。',
    content: `<p>暑假是出國旅遊的旺季，和泰產險提醒您出發前別忘了投保<strong>旅行平安保險</strong>。</p>
<h3>推薦附加保障</h3>
<ul><li>海外突發疾病醫療：國外就醫費用實支實付。</li><li>班機延誤：延誤達 4 小時即可申請定額給付。</li><li>行李遺失及延誤：購買必需品的費用也有保障。</li><li>旅程取消：因家人重病等事由取消行程的損失。</li></ul>
<p>即日起透過<a href="/insurance/detail/4">網路投保</a>，最快 3 分鐘完成，保單立即生效。</p>`,
  },
  {
    id: 30,
    title: '汛期來臨，住宅淹水與車輛泡水防災提醒',
    date: '2026-06-02',
    categoryId: 3,
    description: '梅雨季節豪雨頻繁，請留意住家排水與車輛停放位置，並確認保單是否涵蓋颱風洪水保障。',
    content: `<p>五月至六月梅雨季節常有短時強降雨，請保戶留意以下事項：</p>
<ul><li>確認汽車保單是否附加「颱風、地震、海嘯、冰雹、洪水或因雨積水險」。</li><li>住宅火災保險可附加「颱風及洪水保險」，保障建築物與室內動產。</li><li>豪雨期間避免駕車涉水，車輛熄火後切勿再次發動。</li></ul>
<p>更多防災知識請見<a href="/share/all">資訊分享</a>的防災專區。</p>`,
  },
  {
    id: 29,
    title: '理賠進度線上查詢功能優化，新增文件補件上傳',
    date: '2026-05-19',
    categoryId: 3,
    description: '保戶可於線上查詢理賠案件進度，並直接上傳補件文件，不必再郵寄或臨櫃辦理。',
    content: `<p>為提升理賠效率，本公司理賠進度查詢功能完成優化：</p>
<ul><li>即時顯示案件受理、查勘、審核及給付各階段進度。</li><li>需補件時將以簡訊通知，保戶可直接拍照上傳文件。</li><li>理賠金給付後寄送電子明細至您的電子信箱。</li></ul>
<p>理賠申請流程請參閱<a href="/claim">理賠服務</a>，所需表單可至<a href="/download">文件下載</a>取得。</p>`,
  },
  {
    id: 28,
    title: '微型電動二輪車保險上線，強制險與第三人責任一次投保',
    date: '2026-05-05',
    categoryId: 2,
    description: '配合微型電動二輪車納管規定，推出專屬保險方案，可同時投保強制險與第三人責任保險。',
    content: `<p>依道路交通管理處罰條例規定，微型電動二輪車應投保<strong>強制汽車責任保險</strong>。和泰產險推出專屬保險方案，讓車主一次備齊保障。</p>
<ul><li>強制汽車責任保險：依法定保額保障事故受害人。</li><li>第三人責任保險：補足強制險不足的賠償金額。</li><li>駕駛人傷害保險：騎乘時發生意外的醫療與失能保障。</li></ul>
<p>詳情請洽客服專線 0800-880-550 或參考<a href="/insurance/detail/3">機車保險</a>。</p>`,
  },
  {
    id: 27,
    title: '發布 2025 年永續報告書，並取得第三方確信',
    date: '2026-04-21',
    categoryId: 1,
    image: 'images/news/27.jpg',
    description: '本公司 2025 年永續報告書依 GRI 準則編製，揭露氣候治理、公平待客及社會參與等成果。',
    content: `<p>和泰產險正式發布 <strong>2025 年永續報告書</strong>，報告書依循 GRI 準則及 SASB 保險業準則編製，並經第三方機構確信。</p>
<h3>年度亮點</h3>
<ul><li>營運據點用電量較前一年度減少 8%。</li><li>電子保單使用率提升至 72%。</li><li>全年志工服務時數逾 3,000 小時。</li></ul>
<p>報告書全文可於<a href="/about/public">公開資訊</a>下載。</p>`,
  },
  {
    id: 26,
    title: '清明連假長途行車，道路救援服務不打烊',
    date: '2026-04-07',
    categoryId: 3,
    description: '清明連假返鄉掃墓車流量大，汽車保險附加道路救援的保戶可享 24 小時拖吊、接電及送油服務。',
    content: `<p>清明連假期間返鄉及出遊車潮眾多，本公司提醒您出發前檢查車況，並確認道路救援服務內容。</p>
<ul><li>拖吊服務：每年 3 次，每次 50 公里內免費。</li><li>接電、送油、換胎：現場緊急排除。</li><li>全年無休，24 小時受理。</li></ul>
<p>即時路況可參考<a href="https://168.motc.gov.tw">交通部道路安全資訊網</a>，祝您一路平安。</p>`,
  },
  {
    id: 25,
    title: '榮獲保險信望愛獎「最佳商品創意獎」',
    date: '2026-03-24',
    categoryId: 4,
    image: 'images/news/25.jpg',
    description: '電動車專屬綜合保險以創新的電池保障設計，獲得保險信望愛獎評審青睞。',
    content: `<p>和泰產險<strong>電動車專屬綜合保險</strong>榮獲保險信望愛獎「最佳商品創意獎」。評審肯定該商品將動力電池損壞、充電設備及充電中意外納入保障，回應電動車主的實際需求。</p>
<p>感謝所有保戶與夥伴的支持，我們將持續開發貼近生活的保險商品。</p>`,
  },
  {
    id: 24,
    title: '電動車專屬綜合保險上市，動力電池與充電樁都有保障',
    date: '2026-03-10',
    categoryId: 2,
    image: 'images/news/24.jpg',
    description: '全新電動車專屬綜合保險，涵蓋動力電池損失、家用充電設備損失及充電期間意外。',
    content: `<p>隨著電動車日益普及，和泰產險推出<strong>電動車專屬綜合保險</strong>，針對電動車特有風險設計保障：</p>
<ul><li>動力電池因碰撞或泡水造成的損失，可依約定比例理賠。</li><li>家用充電樁因火災、雷擊造成的損失。</li><li>充電期間發生的第三人財損責任。</li></ul>
<p>電動車車主可透過<a href="/insurance/detail/1">汽車保險</a>頁面試算保費。</p>`,
  },
  {
    id: 23,
    title: '行動身分識別服務上線，線上投保免輸入密碼',
    date: '2026-02-24',
    categoryId: 3,
    description: '網路投保及保單查詢新增行動身分識別（MID）驗證，以手機門號即可快速完成身分確認。',
    content: `<p>本公司網路投保平台新增<strong>行動身分識別（Mobile ID）</strong>服務，保戶以本人申辦的手機門號，即可完成身分驗證。</p>
<ul><li>免記帳號密碼，驗證更安全。</li><li>適用網路投保、保單查詢及電子保單下載。</li></ul>
<p>使用說明請參閱<a href="/mid">行動身分識別服務</a>。</p>`,
  },
  {
    id: 22,
    title: '寒冬送暖，員工志工隊走訪偏鄉長者',
    date: '2026-02-10',
    categoryId: 1,
    description: '春節前夕，和泰產險志工隊前往花蓮及台東偏鄉，為獨居長者送上年菜與保暖物資。',
    content: `<p>春節前夕，和泰產險志工隊與在地社福團體合作，走訪花蓮及台東偏鄉，為 120 位獨居長者送上<strong>年菜與保暖物資</strong>，並協助居家環境檢查。</p>
<p>志工們也向長者說明居家防火與用電安全，協助更換老舊延長線，讓長輩安心過好年。</p>`,
  },
  {
    id: 21,
    title: '網路投保平台系統維護公告',
    date: '2026-01-27',
    categoryId: 3,
    description: '為提升系統效能，網路投保平台將於 2 月 1 日凌晨進行維護，維護期間暫停投保及繳費服務。',
    content: `<p>為提供更穩定的服務，網路投保平台將進行系統維護：</p>
<ul><li>維護時間：<strong>2026 年 2 月 1 日（星期日）00:00 至 06:00</strong></li><li>影響範圍：網路投保、線上繳費、保單查詢</li></ul>
<p>維護期間如有事故報案需求，請撥打理賠及報案專線 0800-077-568。造成不便，敬請見諒。</p>`,
  },
  {
    id: 20,
    title: '強制汽車責任保險費率調整說明',
    date: '2026-01-13',
    categoryId: 2,
    description: '依主管機關公告，強制汽車責任保險費率自 4 月 1 日起調整，本文說明各車種的影響。',
    content: `<p>依金融監督管理委員會公告，<strong>強制汽車責任保險</strong>費率將自 2026 年 4 月 1 日起調整。本次調整依各車種近年損失經驗計算，多數自用小客車保費維持不變或微幅調降。</p>
<ul><li>自用小客車：平均調降約 2%。</li><li>機車：依年齡及肇事紀錄，平均持平。</li><li>營業用車：依車種平均調整 1% 至 4%。</li></ul>
<p>強制險相關規定可參考<a href="https://www.fsc.gov.tw">金融監督管理委員會</a>網站。</p>`,
  },
  {
    id: 19,
    title: '新任總經理就任，持續推動數位轉型與永續經營',
    date: '2025-12-30',
    categoryId: 1,
    description: '董事會通過新任總經理任命，將以數位理賠、客戶體驗與永續經營為三大施政重點。',
    content: `<p>和泰產險董事會通過新任總經理任命，自 2026 年 1 月 1 日起生效。新任總經理長期深耕產險業，曾任理賠、商品及通路等部門主管。</p>
<p>新任總經理表示，未來將以<strong>數位理賠、客戶體驗與永續經營</strong>為施政重點，讓每一位保戶都能感受到安心與便利。</p>`,
  },
  {
    id: 18,
    title: '2026 年春節期間服務時間公告',
    date: '2025-12-16',
    categoryId: 3,
    description: '2 月 14 日至 2 月 22 日春節連假期間，客服及臨櫃服務暫停，事故報案與道路救援 24 小時受理。',
    content: `<p>2026 年春節連假（<strong>2 月 14 日至 2 月 22 日</strong>）期間，本公司服務安排如下：</p>
<table><thead><tr><th>服務項目</th><th>連假期間</th></tr></thead><tbody><tr><td>客服專線 0800-880-550</td><td>暫停服務，2 月 23 日恢復</td></tr><tr><td>理賠及報案專線 0800-077-568</td><td>24 小時受理</td></tr><tr><td>道路救援</td><td>24 小時受理</td></tr><tr><td>各地服務據點</td><td>暫停營業</td></tr></tbody></table>
<p>網路投保平台於連假期間照常提供投保服務。祝您新春愉快、平安順心。</p>`,
  },
  {
    id: 17,
    title: '線上理賠服務榮獲數位金融獎',
    date: '2025-12-02',
    categoryId: 4,
    image: 'images/news/17.jpg',
    description: '和泰產險線上理賠服務以照片定損與即時進度通知，獲頒年度數位金融獎「最佳顧客體驗獎」。',
    content: `<p>和泰產險<strong>線上理賠服務</strong>獲頒數位金融獎「最佳顧客體驗獎」。保戶發生小額車損時，可透過手機拍照上傳，最快當日完成定損。</p>
<ul><li>2025 年線上理賠案件占整體車險理賠 41%。</li><li>小額車損案件平均結案天數縮短至 3.2 天。</li></ul>`,
  },
  {
    id: 16,
    title: '電子保單全面上線，保單資訊隨時查閱',
    date: '2025-11-18',
    categoryId: 3,
    isTop: true,
    description: '即日起新投保及續保保單預設提供電子保單，保戶可隨時下載，紙本保單亦可申請寄送。',
    content: `<p>為響應節能減碳，本公司自即日起<strong>全面提供電子保單</strong>。電子保單與紙本保單具有同等效力。</p>
<h3>如何取得電子保單</h3>
<ul><li>投保完成後，系統將寄送電子保單至您留存的電子信箱。</li><li>亦可登入網路投保平台，於保單查詢頁面下載。</li></ul>
<p>如需紙本保單，請撥打客服專線 0800-880-550 申請，本公司將免費寄送。</p>`,
  },
  {
    id: 15,
    title: '交通安全宣導走進校園，守護學童上下學',
    date: '2025-10-28',
    categoryId: 1,
    description: '和泰產險與各地國小合作舉辦交通安全宣導，以互動遊戲教導學童辨識車輛視野死角。',
    content: `<p>今年秋季，和泰產險志工走進全台 18 所國小，舉辦<strong>交通安全宣導</strong>活動。透過大型車輛視野死角體驗，讓學童實際了解「看得到車，不代表駕駛看得到你」。</p>
<p>活動共有超過 2,400 位學童參與，未來將持續擴大至更多學校。</p>`,
  },
  {
    id: 14,
    title: '住宅火災及地震保險加值方案，颱風洪水保障一併規劃',
    date: '2025-10-07',
    categoryId: 2,
    description: '住宅火災及地震基本保險可加保颱風洪水與室內財物保障，讓住家防護更完整。',
    content: `<p>住宅地震基本保險最高理賠 150 萬元，另提供臨時住宿費用 20 萬元，但多數家庭的重建成本遠高於此。和泰產險推出<strong>住宅加值方案</strong>：</p>
<ul><li>擴大地震保險：補足基本保險不足的部分。</li><li>颱風及洪水保險：建築物與室內動產的水災損失。</li><li>室內財物保險：家具、家電及衣物的損失。</li></ul>
<p>詳情請參閱<a href="/insurance/detail/12">住家保險</a>。</p>`,
  },
  {
    id: 13,
    title: '慎防詐騙：本公司不會以簡訊要求點擊連結繳費',
    date: '2025-09-16',
    categoryId: 3,
    description: '近期出現假冒保險公司發送繳費簡訊的情形，請勿點擊不明連結，繳費請使用官方管道。',
    content: `<p>近期有民眾收到假冒保險公司名義的簡訊，內容稱保單即將失效、需點擊連結繳費。</p>
<p>本公司提醒：<strong>請勿點擊不明簡訊連結</strong>，亦不要輸入信用卡資料。保費繳納請透過網路投保平台或撥打客服專線 0800-880-550 確認。</p>`,
  },
  {
    id: 12,
    title: '公平待客原則評核獲產險業前 25%',
    date: '2025-08-26',
    categoryId: 4,
    image: 'images/news/12.jpg',
    description: '和泰產險獲金融監督管理委員會公平待客原則評核為產險業前 25%，肯定公司以客為尊的經營理念。',
    content: `<p>金融監督管理委員會公布保險業公平待客原則評核結果，和泰產險獲評為<strong>產險業前 25%</strong>。</p>
<p>本公司將持續精進商品說明、理賠服務與高齡友善措施，讓每一位客戶都獲得公平合理的對待。</p>`,
  },
  {
    id: 11,
    title: '與汽車經銷夥伴合作，新車交車即享保險服務',
    date: '2025-08-05',
    categoryId: 1,
    description: '和泰產險與汽車經銷夥伴深化合作，新車車主交車當天即可完成投保並取得電子保單。',
    content: `<p>和泰產險與全台汽車經銷夥伴合作，推出<strong>新車一站式保險服務</strong>。車主於交車時即可完成投保，保單資料同步傳送至電子信箱。</p>
<ul><li>交車即生效，不必另外奔波。</li><li>保養廠即可協助報案與估價。</li></ul>`,
  },
  {
    id: 10,
    title: '颱風過後車輛泡水，理賠申請這樣做',
    date: '2025-07-15',
    categoryId: 3,
    description: '颱風造成車輛泡水時，請勿自行發動引擎，儘速報案並拍照留存，以利後續理賠。',
    content: `<p>颱風或豪雨造成車輛泡水時，請依下列步驟處理：</p>
<ul><li><strong>切勿發動引擎</strong>，以免引擎進水造成更大損害。</li><li>拍攝車輛泡水位置與水位高度照片。</li><li>撥打 0800-077-568 報案，由本公司安排拖吊。</li></ul>
<p>車體損失險須附加「颱風、地震、海嘯、冰雹、洪水或因雨積水險」才有保障，請確認您的保單內容。</p>`,
  },
  {
    id: 9,
    title: '暑假出遊前投保旅平險，班機延誤也安心',
    date: '2025-06-24',
    categoryId: 2,
    image: 'images/news/9.jpg',
    description: '旅行平安保險可附加班機延誤與行李延誤保障，暑假出遊前線上投保最快 3 分鐘完成。',
    content: `<p>暑假出國旅遊人潮眾多，班機延誤與行李延誤時有所聞。和泰產險旅行平安保險可附加<strong>旅行不便保險</strong>：</p>
<ul><li>班機延誤每滿 4 小時給付定額保險金。</li><li>行李延誤 6 小時以上，給付購買必需品費用。</li></ul>
<p>立即前往<a href="/insurance/detail/4">旅行平安保險</a>了解更多。</p>`,
  },
  {
    id: 8,
    title: '梅雨季節豪雨頻繁，請留意車輛停放位置',
    date: '2025-06-03',
    categoryId: 3,
    description: '梅雨鋒面帶來豪雨，請避免將車輛停放於低窪地區或地下停車場，降低泡水風險。',
    content: `<p>梅雨季節常有短延時強降雨，低窪地區及地下停車場容易積水。請留意<a href="https://www.cwa.gov.tw">中央氣象署</a>豪雨特報，並提前將車輛移至高處。</p>`,
  },
  {
    id: 7,
    title: '2025 年股東常會順利召開',
    date: '2025-05-13',
    categoryId: 1,
    description: '本公司 2025 年股東常會通過 2024 年度營業報告書及財務報表，並完成董事補選。',
    content: `<p>和泰產險 2025 年股東常會於台北總公司召開，會中通過 <strong>2024 年度營業報告書及財務報表</strong>，並完成董事補選。</p>
<p>2024 年度簽單保費收入較前一年度成長 9.6%，自留綜合率維持在穩健水準。相關財務資訊請見<a href="/about/public">公開資訊</a>。</p>`,
  },
  {
    id: 6,
    title: '機車險網路投保新增超額責任保險',
    date: '2025-04-22',
    categoryId: 2,
    description: '機車網路投保新增第三人責任超額保險，每一事故最高保額可達 1,000 萬元。',
    content: `<p>機車事故的賠償金額可能遠超過強制險的給付上限。即日起機車網路投保新增<strong>超額責任保險</strong>，補足高額賠償缺口。</p>
<ul><li>每一事故保額最高 1,000 萬元。</li><li>每年保費最低 399 元起。</li></ul>
<p>立即前往<a href="/insurance/detail/3">機車保險</a>投保。</p>`,
  },
  {
    id: 5,
    title: '榮獲保險卓越獎「理賠服務卓越獎」金質獎',
    date: '2025-03-25',
    categoryId: 4,
    image: 'images/news/5.jpg',
    description: '和泰產險以快速結案與透明的理賠流程，獲得保險卓越獎理賠服務卓越獎金質獎。',
    content: `<p>和泰產險榮獲保險卓越獎<strong>「理賠服務卓越獎」金質獎</strong>。評審肯定本公司建立理賠進度即時通知機制，並大幅縮短小額案件結案時間。</p>
<p>感謝每一位第一線理賠同仁的努力，我們將持續提供專業、迅速的理賠服務。</p>`,
  },
  {
    id: 4,
    title: '228 連假道路救援服務加強公告',
    date: '2025-02-25',
    categoryId: 3,
    description: '2 月 28 日至 3 月 2 日連假期間，道路救援服務加派人力，縮短到場等候時間。',
    content: `<p>和平紀念日連假（<strong>2 月 28 日至 3 月 2 日</strong>）期間，本公司道路救援服務將加派人力，主要國道路段到場時間目標縮短至 40 分鐘內。</p>
<p>出發前請檢查胎壓、機油與電瓶，並規劃休息時間，避免疲勞駕駛。</p>`,
  },
  {
    id: 3,
    title: '寵物保險升級，新增住院醫療與手術保障',
    date: '2025-01-21',
    categoryId: 2,
    description: '寵物保險新增住院醫療及手術費用保障，犬貓滿 8 週即可投保，最高投保年齡 10 歲。',
    content: `<p>毛孩也是家人！和泰產險<strong>寵物保險</strong>全面升級：</p>
<ul><li>門診、住院及手術費用實支實付。</li><li>寵物侵權責任：毛孩造成他人受傷的賠償責任。</li><li>協尋廣告費用與寵物喪葬費用。</li></ul>
<p>犬貓滿 8 週至 10 歲皆可投保，已植入晶片者享保費優惠。</p>`,
  },
  {
    id: 2,
    title: '2025 年春節期間服務時間公告',
    date: '2024-12-20',
    categoryId: 3,
    description: '1 月 25 日至 2 月 2 日春節連假期間，客服專線暫停服務，理賠報案與道路救援照常受理。',
    content: `<p>2025 年春節連假（<strong>1 月 25 日至 2 月 2 日</strong>）期間，客服專線及各地服務據點暫停服務，2 月 3 日起恢復正常。</p>
<ul><li>理賠及報案專線 0800-077-568：24 小時受理。</li><li>道路救援：24 小時受理。</li><li>網路投保：照常服務。</li></ul>`,
  },
  {
    id: 1,
    title: '和泰產險官網全新改版上線',
    date: '2024-12-03',
    categoryId: 1,
    image: 'images/news/1.jpg',
    description: '全新官網以清楚的分類與手機優先的設計，讓您更快找到保險商品、理賠服務與各項表單。',
    content: `<p>和泰產險官方網站全新改版上線！新版網站採用<strong>手機優先</strong>設計，在各種裝置上都能舒適瀏覽。</p>
<h3>新版網站特色</h3>
<ul><li>商品依個人險、企業險分類，快速比較保障內容。</li><li>理賠服務與文件下載集中整理，所需表單一次找齊。</li><li>新增站內搜尋與智能客服，隨時解答您的疑問。</li></ul>
<p>歡迎多加利用，也歡迎透過<a href="/contact">客服信箱</a>提供您寶貴的意見。</p>`,
  },
];

/** The long items (news-2025.mjs, news-2026.mjs) as the portal sends them; a row with a cover gets `images/news/{id}.jpg`. */
const LONG_NEWS = [...NEWS_2025, ...NEWS_2026].map(([date, categoryId, title, description, content, cover], index) => {
  const id = FIRST_NEWS.length + 1 + index;
  return { id, title, date, categoryId, ...(cover ? { image: `images/news/${id}.jpg` } : {}), description, content };
});

/** Newest first (then the higher id), comparing the day the dates start with. */
const newestFirst = (a, b) => b.date.slice(0, 10).localeCompare(a.date.slice(0, 10)) || b.id - a.id;

/** News items (articleSchema), newest first as the portal lists them. */
export const news = [...FIRST_NEWS, ...LONG_NEWS].sort(newestFirst);
