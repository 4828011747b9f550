import type { MaterialMediaPort } from '../material-media.port';
import type { MediaProviders } from '../providers/media-providers';
import type { MediaStorage } from '../storage/media-storage';
import { MediaJobRunner, RunnerLogger } from './media-job-runner';

// Issue 31: the system voice logged two info lines per clip (~118,000 in an hour of a newcomer's terminal).
function recordingLogger(): RunnerLogger & { lines: Array<[string, string]> } {
  const lines: Array<[string, string]> = [];
  return { lines, info: (m) => lines.push(['info', m]), warn: (m) => lines.push(['warn', m]), debug: (m) => lines.push(['debug', m]) };
}

const port: MaterialMediaPort = { load: async () => ({}) as never, recordSucceeded: async () => undefined, recordFailed: async () => undefined };
const storage = { kind: 'local', put: async () => '/media/clip.ogg' } as unknown as MediaStorage;
const providers = {
  tts: { name: 'fake', synthesize: async () => ({ bytes: Buffer.from('clip'), ext: 'ogg', contentType: 'audio/ogg', spec: 'ogg', voice: 'm001', spokenText: 'ねこ' }) },
} as unknown as MediaProviders;

const voiceJob = (id: string) => ({
  id,
  attemptsMade: 0,
  opts: { attempts: 3 },
  data: { requestEventId: `r-${id}`, materialType: 'vocab', materialId: 1, action: 'voice', actorId: null, voice: { kind: 'word' as const, text: '猫', reading: 'ねこ', key: 'a'.repeat(32) } },
});

describe('MediaJobRunner log levels', () => {
  it('logs the system voice’s clips at debug, not info', async () => {
    const logger = recordingLogger();
    const runner = new MediaJobRunner(port, providers, storage, logger);
    for (let i = 0; i < 3; i++) await runner.run(voiceJob(String(i)) as never);
    expect(logger.lines.filter(([level]) => level !== 'debug')).toEqual([]);
    expect(logger.lines.filter(([, m]) => m === 'voice succeeded')).toHaveLength(3);
  });

  it('still warns when a clip fails', async () => {
    const logger = recordingLogger();
    const broken = { tts: { name: 'fake', synthesize: async () => Promise.reject(new Error('no voice')) } } as unknown as MediaProviders;
    await expect(new MediaJobRunner(port, broken, storage, logger).run(voiceJob('x') as never)).rejects.toThrow();
    expect(logger.lines.map(([level]) => level)).toEqual(['warn']);
  });
});
