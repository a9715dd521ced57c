/**
 * The audio reader's WebAssembly engine (the reader works after `npm install` alone, without Debian's programs): espeak-ng
 * compiled to WebAssembly (@echogarden/espeak-ng-emscripten, npm) and LAME compiled to WebAssembly
 * (wasm-media-encoders, npm), so that a machine without Debian's espeak-ng and lame still gets the reader.
 * Both run in worker threads (src/integrations/reader/wasm-worker.mjs), one per core: the synthesis is
 * synchronous and would otherwise hold the build's one thread.
 */
import { Worker } from 'node:worker_threads';

/** What the wasm engine needs to know: the voice, rate (words per minute) and MP3 settings (kbit/s, kHz). */
export interface WasmSpeechOptions {
  voice: string;
  wordsPerMinute: number;
  bitrateKbps: number;
  sampleRateKhz: number;
}

/** One segment's speech: MP3 bytes and duration in ms. */
export interface WasmSpeech {
  mp3: Uint8Array;
  durationMs: number;
}

const WORKER_URL = new URL('./wasm-worker.mjs', import.meta.url);

type Reply = { ready: true } | { ready: false; error: string } | { id: number; mp3: Uint8Array; durationMs: number } | { id: number; error: string };

/** One worker thread and its pending requests. */
class SpeechWorker {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (speech: WasmSpeech) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  constructor(options: WasmSpeechOptions) {
    this.worker = new Worker(WORKER_URL, { workerData: options });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: Reply) => {
        if ('ready' in reply) {
          if (reply.ready) resolve();
          else reject(new Error(reply.error));
          return;
        }
        const request = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if ('error' in reply) request?.reject(new Error(`the WebAssembly espeak-ng failed: ${reply.error}`));
        else request?.resolve({ mp3: reply.mp3, durationMs: reply.durationMs });
      });
      this.worker.on('error', (error) => {
        const failure = new Error(`the WebAssembly espeak-ng stopped: ${error.message}`, { cause: error });
        reject(failure);
        for (const request of this.pending.values()) request.reject(failure);
        this.pending.clear();
      });
    });
    // A failure before anyone waits must not be an unhandled rejection; callers see it through `ready`.
    this.ready.catch(() => undefined);
  }

  get busy(): number {
    return this.pending.size;
  }

  async speak(text: string): Promise<WasmSpeech> {
    await this.ready;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, text });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * A pool of `size` wasm speech workers (each loads the engine once, ≈ 0.2 s and 24 MB of voice data).
 * `speak(text)` resolves to the text's MP3 and duration on the least busy worker; rejects (naming the engine) when
 * the voice does not exist or synthesis fails. `close()` ends the workers; call it when done.
 */
export class WasmSpeechPool {
  private readonly workers: SpeechWorker[];

  constructor(options: WasmSpeechOptions, size: number) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => new SpeechWorker(options));
  }

  /** Resolves when every worker is ready; rejects with the first worker's error (e.g. an unknown voice). */
  async ready(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.ready));
  }

  speak(text: string): Promise<WasmSpeech> {
    const worker = this.workers.reduce((best, candidate) => (candidate.busy < best.busy ? candidate : best));
    return worker.speak(text);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}

/**
 * Whether the wasm engine runs here with `options.voice`: `{ ok: true }`, or `{ ok: false, reason }` (a sentence:
 * the packages are missing, or the voice does not exist). Starts one worker and ends it. Never throws.
 */
export async function probeWasmSpeech(options: WasmSpeechOptions): Promise<{ ok: true } | { ok: false; reason: string }> {
  const pool = new WasmSpeechPool(options, 1);
  try {
    await pool.ready();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  } finally {
    await pool.close();
  }
}
