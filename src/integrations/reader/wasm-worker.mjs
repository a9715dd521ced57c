/**
 * A worker thread of the audio reader's WebAssembly engine (the reader works after `npm install` alone,
 * without Debian's programs; pool in src/integrations/reader/wasm.ts). It loads espeak-ng compiled to WebAssembly
 * (@echogarden/espeak-ng-emscripten) and LAME compiled to WebAssembly (wasm-media-encoders) once, then turns
 * texts into MP3.
 *
 * workerData: `{ voice: string, wordsPerMinute: number, bitrateKbps: number, sampleRateKhz: number }`.
 * After start it posts `{ ready: true }`, or `{ ready: false, error }` when the voice does not exist.
 * Message in: `{ id: number, text: string }`. Message out: `{ id, mp3: Uint8Array, durationMs: number }` (mono MP3
 * at `sampleRateKhz` kHz, `bitrateKbps` kbit/s constant; durationMs = the speech's length in ms) or `{ id, error }`.
 * Plain JavaScript, so that Node runs it as a worker whatever loaded the pipeline (Astro's Vite, Vitest, Node).
 */
import { parentPort, workerData } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';
import { createMp3Encoder } from 'wasm-media-encoders';

/** Full scale of espeak-ng's signed 16-bit samples, to map them to the encoder's −1…1 floats. */
const INT16_FULL_SCALE = 32768;

const { voice, wordsPerMinute, bitrateKbps, sampleRateKhz } = workerData;
const espeakModule = await initEspeak();
// The constructor returns a promise (Echogarden's wrapper): without await the engine stops after ~0.1 s of audio.
const espeak = await new espeakModule.eSpeakNGWorker();
const voiceStatus = espeak.set_voice(voice);
if (voiceStatus !== 0) {
  parentPort.postMessage({ ready: false, error: `the WebAssembly espeak-ng has no voice "${voice}" (READER_VOICE)` });
} else {
  espeak.set_rate(wordsPerMinute);
  const encoder = await createMp3Encoder();
  const inputRate = espeak.get_samplerate();
  parentPort.postMessage({ ready: true });
  parentPort.on('message', ({ id, text }) => {
    try {
      const chunks = [];
      let samples = 0;
      // The callback returns false to go on (true would abort the synthesis).
      espeak.synthesize(text, (chunk) => {
        chunks.push(chunk);
        samples += chunk.length;
        return false;
      });
      const pcm = new Float32Array(samples);
      let offset = 0;
      for (const chunk of chunks) for (let i = 0; i < chunk.length; i++) pcm[offset++] = chunk[i] / INT16_FULL_SCALE;
      encoder.configure({ sampleRate: inputRate, channels: 1, bitrate: bitrateKbps, outputSampleRate: sampleRateKhz * 1000 });
      // The encoder owns the arrays it returns: copy each before the next call.
      const body = encoder.encode([pcm]).slice();
      const tail = encoder.finalize().slice();
      const mp3 = new Uint8Array(body.length + tail.length);
      mp3.set(body);
      mp3.set(tail, body.length);
      parentPort.postMessage({ id, mp3, durationMs: Math.round((samples / inputRate) * 1000) }, [mp3.buffer]);
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
