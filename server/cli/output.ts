/** Every command prints either JSON (`--json`, for scripts) or a few readable lines. */
export interface OutputOptions {
  json?: boolean;
}

export function print(opts: OutputOptions, value: unknown, human: () => string): void {
  process.stdout.write(opts.json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}

export function fail(message: string): never {
  process.stderr.write(`answerwatch: ${message}\n`);
  process.exit(1);
}
