/**
 * 保單變更 (contract changes): the insurance types whose policies can be changed, what can be changed
 * and which documents a visitor needs. Answer of the POST contract-change endpoint. Items:
 * contractChangeSchema.
 */

/** Contract-change entries (contractChangeSchema). */
export const contractChanges = [
  {
    id: 1,
    sort: 1,
    title: '汽車保險',
    description: '換車、過戶、加保或變更被保險人資料。',
    items: ['換車（保險移轉至新車）', '車主過戶', '加保或減保任意險', '變更保險金額', '變更被保險人地址及電話'],
    documents: ['汽車保險批改申請書', '新車行車執照影本', '過戶證明文件', '要保人身分證影本'],
  },
  {
    id: 2,
    sort: 2,
    title: '機車保險',
    description: '機車過戶、換車及強制險移轉。',
    items: ['車主過戶', '換車', '強制險移轉', '變更聯絡資料'],
    documents: ['機車保險批改申請書', '行車執照影本', '過戶證明文件'],
  },
  {
    id: 3,
    sort: 3,
    title: '住宅火災及地震保險',
    description: '房屋買賣、抵押權變更或保險金額調整。',
    items: ['變更被保險人（房屋過戶）', '抵押權人變更', '調整建築物保險金額', '加保颱風洪水保險'],
    documents: ['住宅保險批改申請書', '建物所有權狀影本', '抵押權設定或塗銷證明'],
  },
  {
    id: 4,
    sort: 4,
    title: '傷害保險',
    description: '受益人、職業類別及保險金額變更。',
    items: ['變更受益人', '變更職業類別', '調整保險金額', '變更聯絡資料'],
    documents: ['傷害保險變更申請書', '要保人及被保險人身分證影本', '受益人關係證明'],
  },
  {
    id: 5,
    sort: 5,
    title: '旅行平安保險',
    description: '出發前的行程日期及旅遊地區變更。',
    items: ['延後或提前出發日期', '變更旅遊地區', '延長保險期間'],
    documents: ['旅行平安保險變更申請書', '新行程證明（機票或訂房紀錄）'],
  },
  {
    id: 6,
    sort: 6,
    title: '企業保險',
    description: '營業處所、保險標的及被保險人名稱變更。',
    items: ['變更營業處所地址', '增減保險標的', '變更被保險人名稱', '調整保險金額'],
    documents: ['企業保險批改申請書', '公司變更登記表影本', '保險標的清冊'],
  },
];
