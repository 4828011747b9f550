import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

/**
 * JSON lines for a log collector; readable lines (pino-pretty, in this process: no worker thread) when stdout is a
 * terminal, so a developer running `npm start` reads sentences, not JSON. LOG_FORMAT=json|pretty forces one.
 */
export function createLogger(level: string, format: 'json' | 'pretty' | undefined = process.env.LOG_FORMAT === 'json' || process.env.LOG_FORMAT === 'pretty' ? process.env.LOG_FORMAT : undefined): Logger {
  const options = { level, base: { service: 'kioku' }, redact: ['req.headers.cookie', 'req.headers.authorization', 'password'] };
  const pretty = format ? format === 'pretty' : Boolean(process.stdout.isTTY);
  if (!pretty) return pino(options);
  // Required here only: pino-pretty is not loaded by processes that log JSON.
  const prettyStream = require('pino-pretty') as (o: object) => NodeJS.WritableStream;
  return pino(options, prettyStream({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' }));
}

/**
 * Nest's start-up chatter: a line per module, controller and route (~140 lines). Said at debug, so a newcomer's
 * terminal starts with what matters (LOG_LEVEL=debug shows the route table again).
 */
const STARTUP_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader']);

/** Routes Nest's own log lines through pino so every line is structured JSON with the same fields. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}
  private write(level: 'info' | 'warn' | 'error' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...(message as object) });
    else this.pino[level]({ context }, String(message));
  }
  log(message: unknown, ...rest: unknown[]) {
    const context = rest[rest.length - 1];
    this.write(typeof context === 'string' && STARTUP_CONTEXTS.has(context) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) { this.write('error', message, rest); }
  warn(message: unknown, ...rest: unknown[]) { this.write('warn', message, rest); }
  debug(message: unknown, ...rest: unknown[]) { this.write('debug', message, rest); }
  verbose(message: unknown, ...rest: unknown[]) { this.write('trace', message, rest); }
}
