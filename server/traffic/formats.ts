import { parseCombined } from './combined.ts';
import { JSON_FORMATS, parseJsonLine, type JsonFormat } from './json-logs.ts';
import { LineError, type LogHit } from './log-hit.ts';

/**
 * The formats `--format` names. `auto` (the default) reads each line by its look: a JSON object by the fields
 * that name its variant, anything else as combined (with or without the request time), so a file needs no
 * sniffing ahead and a shipper's batch may mix sources.
 */
export const LOG_FORMATS = ['auto', 'combined', 'combined-time', ...JSON_FORMATS] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type LineParser = (line: string) => LogHit;

export function lineParser(format: LogFormat): LineParser {
  switch (format) {
    case 'auto':
      return (line) => (line.charCodeAt(0) === 123 ? parseJsonLine(line, null) : parseCombined(line));
    case 'combined':
    case 'combined-time':
      return (line) => {
        if (line.charCodeAt(0) === 123) throw new LineError(`a JSON line, not ${format}`);
        return parseCombined(line, format === 'combined' ? 'absent' : 'present');
      };
    default:
      return (line) => parseJsonLine(line, format as JsonFormat);
  }
}
