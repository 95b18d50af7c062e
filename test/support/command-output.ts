import type { CommandOutput } from '../../scripts/command-output';

/** Runs a command in this process and answers its exit code and what it printed, line by line joined. */
export async function runHere(command: (print: CommandOutput) => Promise<number>): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await command({ out: (line) => stdout.push(line), err: (line) => stderr.push(line) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}
