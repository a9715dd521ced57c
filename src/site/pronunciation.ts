/**
 * How the audio reader (語音朗讀) pronounces what its speech engine would otherwise misread: the word said for the
 * mask of a published name, and a lexicon of insurance terms and common polyphones (多音字) with their reading.
 *
 * The readings are Hanyu Pinyin with tone numbers (1–4, 5 for the neutral tone, `v` for ü), syllables apart, as the
 * Ministry of Education's 重編國語辭典修訂本 gives them for Taiwan; espeak-ng reads that spelling as Mandarin in
 * both its builds (src/integrations/reader/pronunciation.ts applies the lexicon to the text it sends). Entries were
 * chosen by comparing espeak-ng's reading of the sample site's text with pinyin-pro's
 * (tests/unit/reader-pronunciation.test.ts checks every entry on the engines). Longer entries win over shorter ones
 * that they contain (給付 over 給), so a word's exception is one more entry.
 */

/**
 * Said for each mask character of a published name (羅○婷 is read 羅某婷): espeak-ng says nothing for ○, which
 * would join the surname to the given name. 某 ("a certain") is how a Mandarin speaker reads a masked name aloud.
 */
export const NAME_MASK_WORD = '某';

/**
 * Word → reading (pinyin with tone numbers). Only words some engine misreads: espeak-ng 1.51 (Debian's
 * `cmn-latn-pinyin`) reads each polyphone with one fixed reading (為 always wèi, 地 always de, 重 always zhòng),
 * espeak-ng 1.52 (the WebAssembly `cmn`) knows more words but reads 兒 as the English letters "r five", 於 as yū,
 * 給付 as gěi fù.
 */
export const PRONUNCIATION_LEXICON: Readonly<Record<string, string>> = {
  // Insurance and claims.
  給付: 'ji3 fu4',
  給付金: 'ji3 fu4 jin1',
  還款: 'huan2 kuan3',
  償還: 'chang2 huan2',
  返還: 'fan3 huan2',
  退還: 'tui4 huan2',
  重建: 'chong2 jian4',
  重置: 'chong2 zhi4',
  重新: 'chong2 xin1',
  重複: 'chong2 fu4',
  問卷: 'wen4 juan4',
  稽核: 'ji1 he2',
  所載: 'suo3 zai3',
  記載: 'ji4 zai3',
  載明: 'zai3 ming2',
  累計: 'lei3 ji4',
  累積: 'lei3 ji1',
  差額: 'cha1 e2',
  差別: 'cha1 bie2',
  差異: 'cha1 yi4',
  出差: 'chu1 chai1',
  處理: 'chu3 li3',
  處分: 'chu3 fen4',
  調整: 'tiao2 zheng3',
  調降: 'tiao2 jiang4',
  調高: 'tiao2 gao1',
  調漲: 'tiao2 zhang3',
  調適: 'tiao2 shi4',
  更新: 'geng1 xin1',
  更正: 'geng1 zheng4',
  更換: 'geng1 huan4',
  更改: 'geng1 gai3',
  變更: 'bian4 geng1',
  要求: 'yao1 qiu2',
  銀行: 'yin2 hang2',
  目的: 'mu4 di4',
  目的地: 'mu4 di4 di4',
  彈性: 'tan2 xing4',
  喪葬: 'sang1 zang4',
  中獎: 'zhong4 jiang3',
  得獎: 'de2 jiang3',
  得主: 'de2 zhu3',
  取得: 'qu3 de2',
  所得: 'suo3 de2',
  所得稅: 'suo3 de2 shui4',
  獲得: 'huo4 de2',
  得以: 'de2 yi3',
  了解: 'liao3 jie3',
  參與: 'can1 yu4',
  徵才: 'zheng1 cai2',
  應徵: 'ying4 zheng1',
  // 應 "should" is yīng (both engines read it so); these words are yìng.
  反應: 'fan3 ying4',
  回應: 'hui2 ying4',
  因應: 'yin1 ying4',
  供應: 'gong1 ying4',
  支應: 'zhi1 ying4',
  應變: 'ying4 bian4',
  應用: 'ying4 yong4',
  對應: 'dui4 ying4',
  相應: 'xiang1 ying4',
  適應: 'shi4 ying4',
  // 為: wéi "to be, as" in these words (wèi "for" in 因為, 為了, 為您: the engines' default).
  作為: 'zuo4 wei2',
  成為: 'cheng2 wei2',
  認為: 'ren4 wei2',
  行為: 'xing2 wei2',
  視為: 'shi4 wei2',
  分為: 'fen1 wei2',
  較為: 'jiao4 wei2',
  更為: 'geng4 wei2',
  代為: 'dai4 wei2',
  列為: 'lie4 wei2',
  改為: 'gai3 wei2',
  化為: 'hua4 wei2',
  稱為: 'cheng1 wei2',
  為準: 'wei2 zhun3',
  為限: 'wei2 xian4',
  為主: 'wei2 zhu3',
  為止: 'wei2 zhi3',
  為期: 'wei2 qi1',
  為尊: 'wei2 zun1',
  // 假 is jià for time off.
  假日: 'jia4 ri4',
  假期: 'jia4 qi1',
  休假: 'xiu1 jia4',
  暑假: 'shu3 jia4',
  度假: 'du4 jia4',
  連假: 'lian2 jia4',
  // 地 is dì, de only after an adverb (順利地取得).
  地: 'di4',
  順利地: 'shun4 li4 de5',
  有效地: 'you3 xiao4 de5',
  安心地: 'an1 xin1 de5',
  無障礙地: 'wu2 zhang4 ai4 de5',
  // 於 is yú (both engines say yū).
  於: 'yu2',
  // -iong syllables: espeak-ng 1.52 spells them as English letters (src/integrations/reader/pronunciation.ts says
  // the nearest syllable it has); 1.51 says them from the pinyin.
  雄: 'xiong2',
  熊: 'xiong2',
  兄: 'xiong1',
  胸: 'xiong1',
  凶: 'xiong1',
  兇: 'xiong1',
  洶: 'xiong1',
  匈: 'xiong1',
  窮: 'qiong2',
  瓊: 'qiong2',
  穹: 'qiong2',
  炯: 'jiong3',
  迥: 'jiong3',
  窘: 'jiong3',
  // 兒 is ér; espeak-ng 1.52 switches to English for it, 1.51 reads it toneless.
  兒: 'er2',
};
