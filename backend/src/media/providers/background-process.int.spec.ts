import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { MEDIA_PROCESS_NICENESS, inBackground, runInBackground } from './background-process';

/** The niceness of a running process, field 19 of /proc/<pid>/stat (after the command name in parentheses). */
function nicenessOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('media helper processes run at a lower CPU priority than the app', () => {
  it('lowers a spawned process to MEDIA_PROCESS_NICENESS, and leaves the app at its own', async () => {
    const child = inBackground(spawn('sleep', ['5']));
    try {
      expect(nicenessOf(child.pid!)).toBe(MEDIA_PROCESS_NICENESS);
      expect(nicenessOf(process.pid)).toBeLessThan(MEDIA_PROCESS_NICENESS);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('close', resolve));
    }
  });

  it('does the same for a promisified execFile, and still hands back its result', async () => {
    const running = promisify(execFile)('sh', ['-c', 'sleep 0.2; cut -d" " -f19 /proc/$$/stat']);
    const { stdout } = await runInBackground(running);
    expect(Number(stdout.trim())).toBe(MEDIA_PROCESS_NICENESS);
  });

  it('is harmless on a process that has already ended', async () => {
    const child = spawn('true');
    await new Promise((resolve) => child.once('close', resolve));
    expect(() => inBackground(child)).not.toThrow();
  });
});
