/**
 * 服務據點 (service locations): areas (categorySchema) and branches (locationSchema) grouped by `areaId`.
 * Addresses and numbers are sample data in the right cities with the right area codes.
 */

/** Location areas (categorySchema). */
export const locationCategories = [
  { id: 1, name: '北區', sort: 1 },
  { id: 2, name: '中區', sort: 2 },
  { id: 3, name: '南區', sort: 3 },
  { id: 4, name: '東區及離島', sort: 4 },
];

const HOURS = '週一至週五 08:30–17:30';
const map = (address) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** One branch; the map link is derived from the address. */
const branch = (id, areaId, name, address, phone, fax) => ({
  id,
  areaId,
  name,
  address,
  phone,
  fax,
  hours: HOURS,
  mapUrl: map(address),
});

/** Branches (locationSchema). */
export const locations = [
  branch(1, 1, '台北總公司', '10491 台北市中山區南京東路二段 109 號 8 樓', '(02) 2562-8888', '(02) 2562-8800'),
  branch(2, 1, '台北分公司', '10444 台北市中山區松江路 156 號 5 樓', '(02) 2511-6611', '(02) 2511-6622'),
  branch(3, 1, '新北分公司', '22041 新北市板橋區縣民大道二段 68 號 9 樓', '(02) 2956-3355', '(02) 2956-3366'),
  branch(4, 1, '桃園分公司', '33045 桃園市桃園區中正路 1071 號 7 樓', '(03) 325-8811', '(03) 325-8822'),
  branch(5, 1, '新竹通訊處', '30071 新竹市東區光復路二段 295 號 6 樓', '(03) 571-2233', '(03) 571-2255'),
  branch(6, 2, '台中分公司', '40756 台中市西屯區台灣大道三段 658 號 12 樓', '(04) 2251-7788', '(04) 2251-7799'),
  branch(7, 2, '彰化通訊處', '50060 彰化縣彰化市中山路二段 332 號 3 樓', '(04) 722-5566', '(04) 722-5577'),
  branch(8, 2, '苗栗通訊處', '36043 苗栗縣苗栗市中正路 421 號 2 樓', '(037) 33-6688', '(037) 33-6699'),
  branch(9, 2, '斗六通訊處', '64041 雲林縣斗六市大學路一段 88 號 4 樓', '(05) 532-1100', '(05) 532-1122'),
  branch(10, 3, '嘉義分公司', '60044 嘉義市西區垂楊路 316 號 6 樓', '(05) 228-3366', '(05) 228-3377'),
  branch(11, 3, '台南分公司', '70151 台南市東區林森路一段 395 號 10 樓', '(06) 235-9900', '(06) 235-9911'),
  branch(12, 3, '高雄分公司', '80252 高雄市苓雅區四維三路 6 號 15 樓', '(07) 336-1188', '(07) 336-1199'),
  branch(13, 3, '屏東通訊處', '90074 屏東縣屏東市自由路 520 號 3 樓', '(08) 733-2468', '(08) 733-2470'),
  branch(14, 4, '宜蘭通訊處', '26051 宜蘭縣宜蘭市中山路三段 145 號 2 樓', '(03) 932-5151', '(03) 932-5152'),
  branch(15, 4, '花蓮通訊處', '97047 花蓮縣花蓮市中正路 618 號 5 樓', '(03) 833-6060', '(03) 833-6061'),
  branch(16, 4, '台東通訊處', '95049 台東縣台東市中華路一段 350 號 3 樓', '(089) 32-7788', '(089) 32-7789'),
  branch(17, 4, '澎湖服務處', '88046 澎湖縣馬公市光明路 88 號 2 樓', '(06) 927-1212', '(06) 927-1213'),
];
