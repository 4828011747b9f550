import pino from 'pino';
import { Writable } from 'node:stream';
import { PinoNestLogger } from './logger';

function capture(level: string): { logger: PinoNestLogger; lines: () => Array<{ level: number; msg: string; context?: string }> } {
  const out: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => (out.push(String(chunk)), done()) });
  const logger = new PinoNestLogger(pino({ level }, stream));
  return { logger, lines: () => out.map((l) => JSON.parse(l)) };
}

describe('PinoNestLogger', () => {
  it('keeps Nest’s route table and module lines out of the default level (issue 31: ~140 lines at start)', () => {
    const { logger, lines } = capture('info');
    logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    logger.log('HealthController {/api/health}:', 'RoutesResolver');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Nest application successfully started', 'NestApplication');
    expect(lines().map((l) => l.msg)).toEqual(['Nest application successfully started']);
  });

  it('shows them at debug level', () => {
    const { logger, lines } = capture('debug');
    logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    expect(lines()).toEqual([expect.objectContaining({ level: 20, msg: 'Mapped {/api/health, GET} route', context: 'RouterExplorer' })]);
  });
});
