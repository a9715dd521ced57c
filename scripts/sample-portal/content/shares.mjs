/**
 * 資訊分享 (shared information): insurance knowledge, safe driving and disaster preparedness articles.
 * Items: articleSchema.
 */

/** Share categories (categorySchema). */
export const shareCategories = [
  { id: 1, name: '保險知識', sort: 1 },
  { id: 2, name: '安全駕駛', sort: 2 },
  { id: 3, name: '防災專區', sort: 3 },
];

/** Shared information items (articleSchema). */
export const shares = [
  {
    id: 12,
    title: '強制險與任意險有什麼不同？一次看懂汽車保險',
    date: '2026-11-12',
    categoryId: 1,
    image: 'images/share/12.webp',
    description: '強制險是法律規定必須投保的基本保障，任意險則依需求補足不足之處，本文帶您一次了解。',
    content: `<p>汽車保險大致分為<strong>強制汽車責任保險</strong>與<strong>任意汽車保險</strong>兩大類。</p>
<h3>強制險：保障事故受害人</h3>
<p>強制險依法必須投保，目的是讓交通事故受害人獲得基本保障。每一人傷害醫療最高 20 萬元，失能或死亡最高 200 萬元。</p>
<h3>任意險：補足強制險的不足</h3>
<ul><li><strong>第三人責任險</strong>：賠償他人的體傷與財物損失。</li><li><strong>車體損失險</strong>：保障自己車輛的損失。</li><li><strong>竊盜損失險</strong>：車輛失竊時的損失。</li></ul>
<table><thead><tr><th>項目</th><th>強制險</th><th>任意險</th></tr></thead><tbody><tr><td>是否必須投保</td><td>是</td><td>否</td></tr><tr><td>保障對象</td><td>事故受害人</td><td>依險種而定</td></tr><tr><td>財物損失</td><td>不保障</td><td>可保障</td></tr></tbody></table>
<p>想了解更多，請參考<a href="/insurance/detail/1">汽車保險</a>商品介紹。</p>`,
  },
  {
    id: 11,
    title: '夜間騎車五大安全守則',
    date: '2026-10-02',
    categoryId: 2,
    description: '入秋後天黑得早，夜間騎車視線不佳，掌握五大守則讓您平安到家。',
    content: `<ul><li>出發前確認頭燈、尾燈及方向燈正常。</li><li>穿著淺色或有反光條的外套。</li><li>與前車保持至少 2 秒以上的距離。</li><li>經過路口減速，留意轉彎車輛。</li><li>避免疲勞駕駛，感到睏倦時停車休息。</li></ul>
<p>機車保險的相關保障，請參考<a href="/insurance/detail/3">機車保險</a>。</p>`,
  },
  {
    id: 10,
    title: '颱風來襲前的居家檢查清單',
    date: '2026-08-20',
    categoryId: 3,
    image: 'images/share/10.jpg',
    description: '颱風警報發布後，利用這份清單逐項檢查門窗、排水與緊急物資，降低損失。',
    content: `<h3>屋外</h3><ul><li>收起陽台盆栽與曬衣架。</li><li>清理排水孔與水溝的落葉。</li><li>檢查招牌與冷氣室外機是否固定。</li></ul>
<h3>屋內</h3><ul><li>準備手電筒、行動電源與 3 天份飲水。</li><li>重要文件放入防水袋。</li><li>將貴重物品與電器移至高處。</li></ul>
<p>最新颱風資訊請見<a href="https://www.cwa.gov.tw">中央氣象署</a>。</p>`,
  },
  {
    id: 9,
    title: '出國旅遊前必看：旅平險與旅遊不便險怎麼選',
    date: '2026-06-25',
    categoryId: 1,
    description: '旅平險保障人身意外，旅遊不便險保障行程中的各種突發狀況，兩者搭配才完整。',
    content: `<p><strong>旅行平安保險</strong>主要保障旅途中的意外傷害與突發疾病醫療；<strong>旅遊不便險</strong>則保障班機延誤、行李遺失、旅程取消等狀況。</p>
<p>建議依旅遊地點的醫療費用水準規劃保額，前往美國、日本等醫療費用較高的地區，海外醫療保額宜提高。</p>`,
  },
  {
    id: 8,
    title: '地震發生時的正確應變：趴下、掩護、穩住',
    date: '2026-05-14',
    categoryId: 3,
    description: '地震發生時，立即趴下、掩護頭頸部並穩住身體，是保護自己最有效的方法。',
    content: `<p>地震發生時請記住三個動作：<strong>趴下、掩護、穩住</strong>。</p>
<ul><li>在室內：躲在堅固桌子下，遠離窗戶與吊燈。</li><li>在戶外：遠離建築物、招牌與電線桿。</li><li>在車內：減速靠邊停車，留在車內直到搖晃停止。</li></ul>
<p>住宅地震保險相關說明，請參考<a href="/insurance/detail/12">住家保險</a>。</p>`,
  },
  {
    id: 7,
    title: '高速公路行車安全：保持車距與正確使用路肩',
    date: '2026-03-30',
    categoryId: 2,
    description: '連假期間高速公路車流量大，保持安全車距並遵守路肩開放規定，才能安全抵達。',
    content: `<p>在高速公路上行駛，建議保持<strong>「車速除以 2」公尺</strong>以上的安全距離，例如時速 100 公里時，車距至少 50 公尺。</p>
<p>路肩僅在公告開放時段行駛，車輛故障時應將車輛移至路肩，並在車後 100 公尺處放置故障標誌。</p>`,
  },
  {
    id: 6,
    title: '發生車禍怎麼辦？現場處理五步驟',
    date: '2026-01-08',
    categoryId: 2,
    image: 'images/share/6.jpg',
    description: '發生交通事故時保持冷靜，依照五步驟處理，保障自身權益也讓理賠更順利。',
    content: `<ol><li>開啟警示燈並放置故障標誌，確保現場安全。</li><li>有人受傷時，立即撥打 119 及 110。</li><li>拍照記錄現場車輛位置、車損與路況。</li><li>撥打 0800-077-568 向保險公司報案。</li><li>取得警方的事故登記聯單。</li></ol>
<p>理賠所需文件請參閱<a href="/claim">理賠服務</a>。</p>`,
  },
  {
    id: 5,
    title: '保單健檢：三個步驟檢視您的保障是否足夠',
    date: '2025-11-25',
    categoryId: 1,
    description: '人生階段改變時，保險需求也會改變。定期檢視保單，確保保障跟得上生活。',
    content: `<p>結婚、生子、購屋或換車時，都是檢視保單的好時機。</p>
<ul><li><strong>步驟一</strong>：列出目前所有保單與保障項目。</li><li><strong>步驟二</strong>：對照家庭責任與可能風險，找出保障缺口。</li><li><strong>步驟三</strong>：依預算調整保額或增加附加險。</li></ul>`,
  },
  {
    id: 4,
    title: '住宅火災保險與地震保險的關係',
    date: '2025-09-30',
    categoryId: 1,
    description: '住宅火災保險會自動附加住宅地震基本保險，了解兩者的保障範圍才能做好規劃。',
    content: `<p>投保住宅火災保險時，會<strong>自動附加住宅地震基本保險</strong>，最高保額 150 萬元，另有臨時住宿費用 20 萬元。</p>
<p>若重建成本較高，可另外加保擴大地震保險，補足基本保險的不足。</p>`,
  },
  {
    id: 3,
    title: '豪大雨期間開車注意事項',
    date: '2025-06-10',
    categoryId: 3,
    description: '豪雨時路面濕滑、視線不佳，放慢車速並避免行經積水路段。',
    content: `<ul><li>開啟頭燈，讓其他用路人看得見您。</li><li>車速放慢，煞車距離加長。</li><li>遇積水路段時改道，切勿強行涉水。</li></ul>`,
  },
  {
    id: 2,
    title: '新手駕駛必知的防禦駕駛觀念',
    date: '2025-04-15',
    categoryId: 2,
    description: '防禦駕駛就是預先設想其他用路人可能犯的錯，提早做好準備。',
    content: `<p>防禦駕駛的核心是<strong>「預期他人會犯錯」</strong>：經過路口時預想可能有闖紅燈的車輛，經過停放車輛旁時預想可能突然開啟車門。</p>`,
  },
  {
    id: 1,
    title: '居家防火：延長線使用安全五要點',
    date: '2024-12-12',
    categoryId: 3,
    description: '冬天使用電暖器的時間增加，延長線使用不當是居家火災的常見原因。',
    content: `<ul><li>選購有過載保護裝置及商品安全標章的延長線。</li><li>電暖器等高功率電器直接插在牆上插座。</li><li>延長線不要綑綁或壓在家具下。</li><li>定期檢查插頭是否有焦黑痕跡。</li><li>外出時關閉延長線開關。</li></ul>
<p>更多防火知識請參考<a href="https://www.nfa.gov.tw">內政部消防署</a>。</p>`,
  },
];
