/**
 * Where a command's lines go: the console when run from the command line, a list when a test runs
 * the command in its own process. A command answers its exit code.
 */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const CONSOLE_OUTPUT: CommandOutput = { out: console.log, err: console.error };
