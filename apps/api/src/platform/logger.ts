import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Defence in depth: request logs never include these, but a careless log call must not leak them either.
    redact: {
      paths: ['password', 'token', '*.password', '*.token', 'headers.cookie', 'headers.authorization'],
      censor: '[oculto]',
    },
  });
}
