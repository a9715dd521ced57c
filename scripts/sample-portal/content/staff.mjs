/**
 * 優質服務人員 (quality service staff). The site shows only the first two characters of
 * `areaUnitName` (REFERENCE.md "Portal data"), e.g. 台北 for 台北分公司業務一課. Items: staffSchema.
 */

/** Staff entries (staffSchema). */
export const staff = [
  { id: 1, name: '陳怡君', areaUnitName: '台北分公司業務一課', title: '資深業務專員', year: 2026 },
  { id: 2, name: '林志豪', areaUnitName: '台北分公司理賠課', title: '理賠專員', year: 2026 },
  { id: 3, name: '黃雅婷', areaUnitName: '新北分公司業務二課', title: '業務專員', year: 2026 },
  { id: 4, name: '張家銘', areaUnitName: '桃園分公司業務一課', title: '業務主任', year: 2026 },
  { id: 5, name: '李佩珊', areaUnitName: '新竹通訊處', title: '客戶服務專員', year: 2026 },
  { id: 6, name: '王建宏', areaUnitName: '台中分公司業務一課', title: '資深業務專員', year: 2026 },
  { id: 7, name: '吳淑芬', areaUnitName: '台中分公司理賠課', title: '理賠專員', year: 2026 },
  { id: 8, name: '劉冠廷', areaUnitName: '嘉義分公司業務課', title: '業務專員', year: 2026 },
  { id: 9, name: '蔡宜蓁', areaUnitName: '台南分公司業務二課', title: '業務專員', year: 2026 },
  { id: 10, name: '楊承翰', areaUnitName: '高雄分公司業務一課', title: '業務主任', year: 2026 },
  { id: 11, name: '許惠雯', areaUnitName: '高雄分公司理賠課', title: '資深理賠專員', year: 2026 },
  { id: 12, name: '鄭文傑', areaUnitName: '花蓮通訊處', title: '業務專員', year: 2026 },
];
