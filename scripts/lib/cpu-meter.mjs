/**
 * The CPU time a command and everything it starts use, measured by the kernel: each measured process is moved into a
 * control group of its own (cgroup v2, where `npm test`'s summary prints each step's CPU time, scripts/test.mjs), and
 * the group's `cpu.stat` counts every process started in it, those that outlive their parent included (Chromium's
 * renderers, the sample portal, a daemonized nginx), which a parent's rusage misses.
 * Needs a writable cgroup v2 hierarchy (root on Linux: `/sys/fs/cgroup`, or `/sys/fs/cgroup/unified` beside v1);
 * elsewhere the meter measures nothing and says so by answering null. Never throws.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The cgroup v2 hierarchies tried, in order: the unified one of current systemd, then the one beside cgroup v1. */
const CGROUP_V2_ROOTS = ['/sys/fs/cgroup', '/sys/fs/cgroup/unified'];

/** The writable cgroup v2 root of this machine, or null. */
const cgroupRoot = CGROUP_V2_ROOTS.find((root) => existsSync(join(root, 'cgroup.procs')) && existsSync(join(root, 'cgroup.subtree_control'))) ?? null;

let made = 0;

/** The meters not stopped yet, stopped when this process exits (a failed run leaves no group behind). */
const open = new Set();
process.on('exit', () => {
  for (const meter of open) meter.stop();
});

/**
 * Starts measuring process `pid` (call it right after spawning, before the process starts others) and everything it
 * starts from then on.
 * @param {number} pid
 * @returns {{ stop: () => number | null }} `stop()` gives the CPU seconds (user + system) the group used, and returns
 *   any process still in it to the root group; null when the machine offers no cgroup v2 hierarchy to write.
 */
export function meterCpu(pid) {
  if (!cgroupRoot) return { stop: () => null };
  const group = join(cgroupRoot, `insurer-test-${process.pid}-${made++}`);
  try {
    mkdirSync(group);
    writeFileSync(join(group, 'cgroup.procs'), String(pid));
  } catch {
    return { stop: () => null };
  }
  const meter = {
    stop() {
      open.delete(meter);
      let seconds = null;
      try {
        const usage = /^usage_usec (\d+)$/m.exec(readFileSync(join(group, 'cpu.stat'), 'utf8'));
        seconds = usage ? Number(usage[1]) / 1e6 : null;
        // Processes left running (a server the step did not stop) go back to the root group so the folder can go.
        for (const left of readFileSync(join(group, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
          writeFileSync(join(cgroupRoot, 'cgroup.procs'), left);
        }
        rmdirSync(group);
      } catch {
        // A process that ended meanwhile, or a folder the kernel still holds: the figure stands.
      }
      return seconds;
    },
  };
  open.add(meter);
  return meter;
}
