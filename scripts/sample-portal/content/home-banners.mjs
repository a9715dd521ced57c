/**
 * 首頁輪播 (home banners): desktop image 1920×672 `images/banner/{id}.jpg` and phone image 750×900
 * `images/banner/{id}-m.jpg`. The array is not in `sort` order: the site sorts. Items: homeBannerSchema.
 */

/** One banner with its two images. */
const banner = (id, sort, title, description, link) => ({
  id,
  title,
  description,
  image: `images/banner/${id}.jpg`,
  mobileImage: `images/banner/${id}-m.jpg`,
  link,
  sort,
});

/** Home banners (homeBannerSchema). */
export const homeBanners = [
  banner(2, 2, '電動車專屬綜合保險', '動力電池、充電樁、充電期間意外，一張保單全面守護。', '/insurance/detail/1'),
  banner(1, 1, '線上投保 3 分鐘完成', '汽車、機車、旅平險，隨時隨地輕鬆投保。', '/insurance/personal'),
  banner(4, 4, '年終續保好禮三重送', '線上續保汽車險送超商禮券，再抽智慧行車記錄器。', '/coupon/1'),
  banner(3, 3, '颱風期間理賠服務', '優先查勘、簡化文件，災後重建我們陪您一起。', '/news/detail/33'),
];
