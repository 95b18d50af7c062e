import { readdirSync, readFileSync } from 'node:fs';

/**
 * What Linux says of a process that has not answered in time, and of the processes it started:
 * each one's command, state and each thread's state and wait channel, from /proc. A hang guard's
 * error carries it, so that a CI run that hit one tells a hang (in exit, in a lock) from a slow
 * start. Answers what it could read; never throws.
 */
export function processReport(pid: number | undefined): string {
  if (pid === undefined) return 'no process id';
  const lines: string[] = [];
  const read = (path: string): string => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return '?';
    }
  };
  const visit = (id: number, depth: number) => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${id}/task`);
    } catch {
      lines.push(`${'  '.repeat(depth)}process ${id}: gone`);
      return;
    }
    const status = read(`/proc/${id}/status`)
      .split('\n')
      .filter((line) => /^(State|Threads|VmRSS):/.test(line))
      .map((line) => line.replace(/\s+/g, ' '));
    lines.push(`${'  '.repeat(depth)}process ${id}: ${read(`/proc/${id}/cmdline`).replaceAll('\0', ' ').trim().slice(0, 160)} (${status.join(', ')})`);
    const children: number[] = [];
    for (const task of tasks) {
      // The state is the field after the command's closing parenthesis (a thread's name may hold spaces).
      const state = read(`/proc/${id}/task/${task}/stat`).split(') ').at(-1)?.split(' ')[0] ?? '?';
      lines.push(`${'  '.repeat(depth + 1)}thread ${task} ${read(`/proc/${id}/task/${task}/comm`)} ${state} ${read(`/proc/${id}/task/${task}/wchan`)}`);
      children.push(
        ...read(`/proc/${id}/task/${task}/children`)
          .split(' ')
          .filter((child) => /^\d+$/.test(child))
          .map(Number),
      );
    }
    if (depth < 3) for (const child of children) visit(child, depth + 1);
  };
  visit(pid, 0);
  return lines.join('\n');
}
