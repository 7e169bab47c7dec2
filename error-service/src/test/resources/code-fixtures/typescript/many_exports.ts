import { createHash } from 'node:crypto';

/** Limits a number to the range [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Formats a byte count for people: 1536 → "1.5 KiB". */
export const formatBytes = (bytes: number): string => {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
};

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Measures elapsed wall time. */
export class Stopwatch {
  private started = Date.now();

  elapsedMs(): number {
    return Date.now() - this.started;
  }
}

/** SHA-256 of a text, hex encoded. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export enum LogLevel {
  Debug,
  Info,
  Warn,
}
