import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'kioku' }, redact: ['req.headers.cookie', 'req.headers.authorization', 'password'] });
}

/** Routes Nest's own log lines through pino so every line is structured JSON with the same fields. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}
  private write(level: 'info' | 'warn' | 'error' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...(message as object) });
    else this.pino[level]({ context }, String(message));
  }
  log(message: unknown, ...rest: unknown[]) { this.write('info', message, rest); }
  error(message: unknown, ...rest: unknown[]) { this.write('error', message, rest); }
  warn(message: unknown, ...rest: unknown[]) { this.write('warn', message, rest); }
  debug(message: unknown, ...rest: unknown[]) { this.write('debug', message, rest); }
  verbose(message: unknown, ...rest: unknown[]) { this.write('trace', message, rest); }
}
