/**
 * 影音專區 (videos): YouTube no-cookie embeds. The 11-character ids are placeholders in the shape of
 * real YouTube ids. Items: videoSchema.
 */

const embed = (id) => `https://www.youtube-nocookie.com/embed/${id}`;

/** Videos (videoSchema). */
export const videos = [
  {
    id: 8,
    title: '線上理賠三分鐘教學',
    date: '2026-10-20',
    description: '手機拍照上傳就能申請理賠，一支影片看懂操作步驟。',
    videoUrl: embed('Qm3vX7pLk2A'),
    image: 'images/video/8.jpg',
  },
  {
    id: 7,
    title: '颱風來了！住家與愛車防颱準備',
    date: '2026-07-08',
    description: '防颱準備清單與車輛泡水時的處理方式。',
    videoUrl: embed('h8TfR2wNc5Y'),
    image: 'images/video/7.jpg',
  },
  {
    id: 6,
    title: '電動車專屬綜合保險介紹',
    date: '2026-03-12',
    description: '動力電池、充電樁與充電期間意外，電動車主需要的保障。',
    videoUrl: embed('zK4eB9uJd1s'),
    image: 'images/video/6.jpg',
  },
  {
    id: 5,
    title: '大型車視野死角體驗',
    date: '2025-10-30',
    description: '站在大型車駕駛座看出去，才知道哪些位置駕駛看不見。',
    videoUrl: embed('Wp6Lm0aQx8E'),
    image: 'images/video/5.jpg',
  },
  {
    id: 4,
    title: '發生車禍怎麼辦？現場處理五步驟',
    date: '2025-08-14',
    description: '保持冷靜、確保安全、拍照存證，理賠更順利。',
    videoUrl: embed('c2GhV5nTy7R'),
    image: 'images/video/4.jpg',
  },
  {
    id: 3,
    title: '旅平險與旅遊不便險怎麼選',
    date: '2025-06-19',
    description: '出國前必看，班機延誤、行李遺失也能獲得補償。',
    videoUrl: embed('Ju1Sd8kPo3M'),
    image: 'images/video/3.jpg',
  },
  {
    id: 2,
    title: '和泰產險企業形象影片',
    date: '2025-02-10',
    description: '守護每一段旅程，陪伴每一個家庭。',
    videoUrl: embed('Rb7Nq4yHe6T'),
    image: 'images/video/2.jpg',
  },
  {
    id: 1,
    title: '網路投保機車險操作示範',
    date: '2024-12-16',
    description: '從填寫資料到完成繳費，五分鐘完成機車險投保。',
    videoUrl: embed('Lx9Fc3gWv0K'),
    image: 'images/video/1.jpg',
  },
];
