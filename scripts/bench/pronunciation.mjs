#!/usr/bin/env node
/**
 * Pronunciation check of the audio reader: the syllable error rate of each espeak-ng engine on sentences of the
 * kinds an insurer publishes (claims documents, deadlines, fines, hotlines, travel clauses, amounts, dates, codes),
 * with and without tones.
 *
 * - The sentences: `pronunciation/sentences.tsv` (written for this bench; where a sentence has digits or symbols, the
 *   same sentence in characters as a listener expects to hear it), and `pronunciation/heldout.tsv`, written after the
 *   reader's lexicon was reviewed against the first set and never used to change it.
 * - Expected readings: pinyin-pro's readings of each sentence (in characters), with the reviewed exceptions of
 *   `pronunciation/exceptions.tsv` (context readings pinyin-pro gets wrong, Taiwan's standard readings), then the tone
 *   changes of connected speech (一 and 不 by pinyin-pro's rules, the 3-3 change: a third tone before a third tone in
 *   the same run of characters is a second), computed here independently of the reader's chain.
 * - What an engine says: the phonemes it plans (espeak-ng's mnemonics, src/integrations/reader/phonemes.ts) for the
 *   reader's text of the written sentence, two ways: `chain` (numbers as words, then the reader's readings:
 *   engineText, what the build sends) and `characters` (numbers as words, the characters left to the engine's own
 *   dictionary: what the engine alone would say).
 * - Scoring: the planned phonemes cut into syllables (at word breaks, and after each tone's pitch contour and its n or ng coda),
 *   each expected syllable's phonemes read by the same engine alone; the syllable error rate is the edit distance
 *   (substitutions, deletions, insertions) between the two syllable sequences over the expected syllables, once with
 *   tones and once comparing sounds alone.
 *
 * `benchPronunciation({ engines, log })` returns `{ title, markdown, data }`. An engine that cannot run here gets a
 * row saying why. Standalone: `node scripts/bench/pronunciation.mjs [--engines espeak-ng-wasm,espeak-ng-native]
 * [--errors]` prints the table (and, with --errors, each wrong syllable of the chain). Takes seconds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { speakableText } from '../../src/integrations/reader/numbers.ts';
import { openPhonemizer } from '../../src/integrations/reader/phonemes.ts';
import { onPath } from '../../src/integrations/reader/programs.ts';
import { engineText } from '../../src/integrations/reader/pronunciation.ts';
import { READER_DEFAULTS } from '../../src/integrations/reader/settings.ts';
import { readSettings } from '../../src/settings.ts';

const TITLE = 'Pronunciation';
const HERE = fileURLToPath(new URL('./pronunciation/', import.meta.url));
/** Engines measured by default: the WebAssembly build (the default engine) and Debian's program. */
export const PRONUNCIATION_ENGINES = ['espeak-ng-wasm', 'espeak-ng-native'];

/** The lines of a bench data file without comments and blank lines, split at tabs. */
function rows(file) {
  return readFileSync(`${HERE}${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

/**
 * The sentence sets: `sentences.tsv`, against which the reader's lexicon was reviewed, and `heldout.tsv`, written
 * after it and never used to change the lexicon (its figures say what the lexicon has not seen).
 */
export const SENTENCE_SETS = [
  { name: 'reviewed', file: 'sentences.tsv' },
  { name: 'held out', file: 'heldout.tsv' },
];

/** A set's sentences: `{ written, heard }` (heard: in characters, as a listener expects). */
export function benchSentences(file = 'sentences.tsv') {
  return rows(file).map(([written, heard]) => ({ written, heard: heard ?? written }));
}

/** The reviewed exceptions, longest first: `{ text, syllables, reason }`. */
export function benchExceptions() {
  return rows('exceptions.tsv')
    .map(([text, reading, reason]) => ({ text, syllables: reading.split(' '), reason }))
    .sort((a, b) => b.text.length - a.text.length);
}

const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

/** pinyin-pro's reading of each character of `text` (undefined for other characters), neutral tone 5. */
function pinyinProReadings(text, toneSandhi) {
  return pinyin(toSimplified(text), { type: 'all', toneType: 'num', v: true, toneSandhi }).map((item) =>
    item.isZh && item.pinyin ? item.pinyin.replace(/0$|(?<=[a-z])$/, '5') : undefined,
  );
}

/**
 * The expected syllables of `heard` (characters): pinyin-pro's readings, the exceptions, then the tone changes
 * (不 and 一 before a fourth tone, 一 before the others where pinyin-pro changes it; 3-3 → 2-3 within a run of
 * characters, spaces inside the run allowed).
 */
export function expectedSyllables(heard, exceptions = benchExceptions()) {
  const plain = pinyinProReadings(heard, false);
  const sandhi = pinyinProReadings(heard, true);
  const read = [...plain];
  const taken = new Array(heard.length).fill(false);
  for (const { text, syllables } of exceptions) {
    for (let at = heard.indexOf(text); at !== -1; at = heard.indexOf(text, at + 1)) {
      for (let offset = 0; offset < text.length; offset++) {
        if (taken[at + offset]) continue;
        read[at + offset] = syllables[offset];
        taken[at + offset] = true;
      }
    }
  }
  const nextIndex = (index) => {
    for (let at = index + 1; at < heard.length; at++) {
      if (read[at] !== undefined) return at;
      if (heard[at] !== ' ') return -1;
    }
    return -1;
  };
  const toneOf = (index) => (index >= 0 && read[index] ? Number(read[index].at(-1)) : undefined);
  const thirds = read.map((_, index) => toneOf(index) === 3 && toneOf(nextIndex(index)) === 3);
  const spoken = read.map((syllable, index) => {
    if (!syllable) return syllable;
    const following = toneOf(nextIndex(index));
    if (heard[index] === '不' && following === 4) return 'bu2';
    if (heard[index] === '一' && sandhi[index] !== plain[index] && following && following !== 5) return following === 4 ? 'yi2' : 'yi4';
    return thirds[index] ? `${syllable.slice(0, -1)}2` : syllable;
  });
  return spoken.filter(Boolean);
}

/** espeak-ng's pitch contours as tones: 55 → 1, 35 → 2, 214 or 21 → 3, 51 or 53 → 4, level ones → 5 (neutral). */
const TONES = { 55: 1, 35: 2, 214: 3, 21: 3, 51: 4, 53: 4, 11: 5, 22: 5, 33: 5, 44: 5 };

/**
 * The syllables of espeak-ng's phoneme mnemonics: `{ sound, tone }` each, the sound without stress and break marks,
 * an n or N after the contour kept as the coda unless a vowel follows (then it starts the next syllable). A switch
 * to another language, `(en)…(cmn)`, is one syllable with tone 0.
 */
export function phonemeSyllables(phonemes) {
  const syllables = [];
  for (const part of phonemes.split(/(\([a-z-]+\)[^(]*\(cmn\))/)) {
    if (part.startsWith('(')) {
      syllables.push({ sound: part, tone: 0 });
      continue;
    }
    // A word break (|) always ends a syllable; inside a word an n or N before a vowel is read as the next onset.
    for (const word of part.replace(/\(cmn\)/g, '').split(/[|\s]+/)) {
      const clean = word.replace(/[_',]/g, '');
      for (const match of clean.matchAll(/(.*?)(\d+)((?:n|N)(?![aeiouyAEIOUY@-]))?/g)) {
        syllables.push({ sound: `${match[1]}${match[3] ?? ''}`, tone: TONES[match[2]] ?? Number(match[2]) });
      }
    }
  }
  return syllables;
}

/** The edit distance between two syllable sequences, syllables equal when `same(a, b)`. */
function editDistance(expected, said, same) {
  let previous = Array.from({ length: said.length + 1 }, (_, index) => index);
  for (let i = 1; i <= expected.length; i++) {
    const current = [i];
    for (let j = 1; j <= said.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same(expected[i - 1], said[j - 1]) ? 0 : 1));
    }
    previous = current;
  }
  return previous[said.length];
}

/** The syllables that differ, for a report: expected → said, by a plain alignment of equal-length runs. */
function differences(expected, said, names) {
  const out = [];
  const length = Math.max(expected.length, said.length);
  for (let index = 0; index < length; index++) {
    const a = expected[index];
    const b = said[index];
    if (!a || !b || a.sound !== b.sound || a.tone !== b.tone) out.push(`${names[index] ?? '?'}: ${b ? `${b.sound}${b.tone}` : '—'}`);
  }
  return out;
}

/** Scores one engine: `{ engine, voice, syllables, chain: { tones, sounds }, characters: { tones, sounds }, errors }`. */
async function scoreEngine(engine, sentences, exceptions, espeakProgram) {
  const voice = engine === 'espeak-ng-wasm' ? READER_DEFAULTS.wasmVoice : READER_DEFAULTS.nativeVoice;
  const phonemizer = await openPhonemizer({ engine, voice, espeakProgram });
  try {
    const expected = sentences.map(({ heard }) => expectedSyllables(heard, exceptions));
    const distinct = [...new Set(expected.flat())];
    const alone = phonemizer.phonemes(distinct.map((syllable) => engineText(syllable, engine)));
    const soundOf = new Map(distinct.map((syllable, index) => [syllable, phonemeSyllables(alone[index])[0] ?? { sound: '?', tone: -1 }]));
    const spoken = sentences.map(({ written }) => speakableText(written));
    const ways = {
      chain: phonemizer.phonemes(spoken.map((text) => engineText(text, engine))),
      characters: phonemizer.phonemes(spoken),
    };
    const total = expected.reduce((sum, syllables) => sum + syllables.length, 0);
    const result = { engine, voice, sentences: sentences.length, syllables: total, errors: [] };
    for (const [way, planned] of Object.entries(ways)) {
      let tones = 0;
      let sounds = 0;
      planned.forEach((phonemes, index) => {
        const want = expected[index].map((syllable) => soundOf.get(syllable));
        const said = phonemeSyllables(phonemes);
        const withTones = editDistance(want, said, (a, b) => a.sound === b.sound && a.tone === b.tone);
        tones += withTones;
        sounds += editDistance(want, said, (a, b) => a.sound === b.sound);
        if (way === 'chain' && withTones > 0) {
          result.errors.push(`${sentences[index].written}\n    ${differences(want, said, expected[index]).join(', ')}`);
        }
      });
      result[way] = { tones: tones / total, sounds: sounds / total };
    }
    return result;
  } finally {
    phonemizer.close();
  }
}

const percent = (rate) => `${(rate * 100).toFixed(2)} %`;

/**
 * Measures each engine of `engines` (default PRONUNCIATION_ENGINES; Debian's program only when installed) on each
 * sentence set (SENTENCE_SETS). Returns `{ title, markdown, data }` (data: one result per set and engine); an engine
 * that cannot run gets a row saying why. `settings`: the bench's settings (src/settings.ts), for READER_ESPEAK_NG, Debian's
 * espeak-ng program.
 */
export async function benchPronunciation({ settings, engines = PRONUNCIATION_ENGINES, log = () => undefined }) {
  const espeakProgram = settings.READER_ESPEAK_NG;
  const exceptions = benchExceptions();
  const results = [];
  const lines = [
    '| sentences | engine | syllables wrong, with tones | without tones | the engine reading the characters itself: with tones | without tones |',
    '|---|---|---|---|---|---|',
  ];
  for (const set of SENTENCE_SETS) {
    const sentences = benchSentences(set.file);
    for (const engine of engines) {
      if (engine === 'espeak-ng-native' && !onPath(espeakProgram)) {
        lines.push(`| ${set.name} | ${engine} | _not installed here_ | | | |`);
        continue;
      }
      log(`Pronunciation: ${set.name}, ${engine}`);
      const result = { set: set.name, ...(await scoreEngine(engine, sentences, exceptions, espeakProgram)) };
      results.push(result);
      lines.push(
        `| ${set.name}: ${result.sentences} (${result.syllables} syllables) | ${engine} (\`${result.voice}\`) | ${percent(result.chain.tones)} | ${percent(result.chain.sounds)} | ${percent(result.characters.tones)} | ${percent(result.characters.sounds)} |`,
      );
    }
  }
  const markdown = [
    `Sentences of scripts/bench/pronunciation/, ${exceptions.length} reviewed exceptions to pinyin-pro. ` +
      "The first two figures are what the build sends the engine (the reader's readings, src/integrations/reader/readings.ts); the last two the engine's own dictionary on the same text.",
    '',
    ...lines,
  ].join('\n');
  return { title: TITLE, markdown, data: results };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { engines: { type: 'string' }, errors: { type: 'boolean', default: false } } });
  const engines = values.engines ? values.engines.split(',') : undefined;
  const report = await benchPronunciation({ settings: readSettings(), engines, log: (line) => console.error(line) });
  console.log(report.markdown);
  if (values.errors) for (const result of report.data) console.log(`\n${result.set}, ${result.engine}:\n  ${result.errors.join('\n  ')}`);
}
