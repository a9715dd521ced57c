/**
 * Running the audio reader's external programs: Debian's espeak-ng and lame, or the
 * READER_COMMAND of the `command` engine (src/integrations/reader/engines.ts). Whether a program is installed
 * (`onPath`), running one to its end (`run`), and the duration of the WAV a program wrote (`wavDurationMs`).
 */
import { spawn, spawnSync } from 'node:child_process';

/** Whether a program can be run: found on PATH (or an existing path). */
export function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', program], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs a program with `args`, `input` (when given) on its stdin; resolves when it exits 0, rejects naming the
 * command, exit code and stderr otherwise.
 */
export function run(program: string, args: string[], input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`Reader: cannot run ${program}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Reader: ${program} ${args.join(' ').slice(0, 200)} exited with ${code}: ${stderr.trim().slice(0, 500)}`));
    });
    // A command that does not read its stdin closes it: that is not an error.
    child.stdin?.on('error', () => undefined);
    if (input !== undefined) child.stdin?.end(input);
  });
}

/**
 * Duration in ms of a PCM WAV file, from its `fmt ` and `data` chunks (a streamed header's size 0 or 0xFFFFFFFF
 * means "to the end of the file"). Throws naming the file when it is not a PCM WAV.
 */
export function wavDurationMs(wav: Buffer, file = 'audio'): number {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error(`Reader: ${file} is not a WAV file.`);
  }
  let offset = 12;
  let bytesPerSecond = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') bytesPerSecond = wav.readUInt32LE(offset + 16);
    if (id === 'data') {
      if (!bytesPerSecond) break;
      const available = wav.length - offset - 8;
      const dataBytes = size === 0 || size === 0xffffffff || size > available ? available : size;
      return Math.round((dataBytes / bytesPerSecond) * 1000);
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`Reader: ${file} has no PCM fmt/data chunk.`);
}
