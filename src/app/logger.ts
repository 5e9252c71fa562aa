/**
 * The browser's logger. Spec §9: levels DEBUG 0, INFO 1, WARN 2, ERROR 3, default ERROR.
 * The only place in the front end that writes to the console.
 */
export const LogLevel = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3 } as const;
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

const threshold: LogLevel = LogLevel.ERROR;

function write(level: LogLevel, message: string, detail: unknown[]): void {
  if (level < threshold) return;
  /* eslint-disable no-console -- the level-gated logger of spec §9 is the console's single user */
  const sink = level >= LogLevel.ERROR ? console.error : level === LogLevel.WARN ? console.warn : console.info;
  /* eslint-enable no-console */
  sink(message, ...detail);
}

export const logger = {
  debug: (message: string, ...detail: unknown[]) => write(LogLevel.DEBUG, message, detail),
  info: (message: string, ...detail: unknown[]) => write(LogLevel.INFO, message, detail),
  warn: (message: string, ...detail: unknown[]) => write(LogLevel.WARN, message, detail),
  error: (message: string, ...detail: unknown[]) => write(LogLevel.ERROR, message, detail),
};
