/** The audio reader's build-time switch (src/integrations/reader.ts): true when a speech engine is available. */
declare module 'virtual:insurer/reader' {
  export const readerEnabled: boolean;
}

/**
 * espeak-ng compiled to WebAssembly (the reader works after `npm install` alone; used by
 * src/integrations/reader/wasm-worker.mjs and its test), which ships no types: the parts the reader uses, from the
 * package's espeak-ng.js (Echogarden's WebIDL wrapper).
 */
declare module '@echogarden/espeak-ng-emscripten' {
  /** espeak-ng's engine. Methods return espeak-ng status codes (0 = success). */
  export interface EspeakNgWorker {
    /** Selects a voice by name (e.g. `cmn`); non-zero when it does not exist. */
    set_voice(name: string): number;
    /** Speaking rate, words per minute. */
    set_rate(wordsPerMinute: number): number;
    /** Output sample rate of the PCM, Hz (22050). */
    get_samplerate(): number;
    /** Synthesizes `text`, calling `onAudio` with each chunk of signed 16-bit mono PCM; the callback returns true to abort. */
    synthesize(text: string, onAudio: (samples: Int16Array, events: unknown[]) => boolean): void;
    /** The phonemes of `text` in IPA (`(en)` marks a switch to English). */
    synthesize_ipa(text: string): { code: number; ipa: string };
    /**
     * The phonemes of `text` without synthesis: mode 0 mnemonics (`espeak-ng -x`), 1 IPA; a wrapped pointer to a C
     * string (read it with the module's getPointer and HEAPU8).
     */
    text_to_phonemes(text: string, mode: number): unknown;
  }
  export interface EspeakNgModule {
    /** The constructor's result must be awaited (the engine loads asynchronously). */
    eSpeakNGWorker: new () => EspeakNgWorker;
    /** The address of a wrapped pointer. */
    getPointer(pointer: unknown): number;
    /** The module's memory. */
    HEAPU8: Uint8Array;
  }
  /** Loads the module (≈ 24 MB of voice data). */
  export default function initialize(options?: object): Promise<EspeakNgModule>;
}
