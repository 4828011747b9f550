// Issue 18: a route declares its answer's contract schema with @Answers; under tests the answer is checked against
// it (a drift becomes a 500 and the test that made the call fails), elsewhere nothing is checked.
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { lastValueFrom, of } from 'rxjs';
import * as z from 'zod/mini';
import { AnswerContractInterceptor, answerSchemaOf, Answers } from './answer-contract.interceptor';

const schema = z.object({ flashcard: z.nullable(z.object({ id: z.string() })), count: z._default(z.number(), 0) });

class Demo {
  @Answers(schema)
  answer() {}
  plain() {}
}

/** A reply as Fastify's: the handler may send on it itself (a route with @Res()). */
function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = {
    statusCode: 200,
    sent: false,
    payload: undefined as unknown,
    getHeader: (name: string) => headers[name],
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
    send(payload?: unknown) {
      reply.sent = true;
      reply.payload = payload;
      return reply;
    },
  };
  return reply;
}
type FakeReply = ReturnType<typeof fakeReply>;

function run(interceptor: AnswerContractInterceptor, handler: () => void, answer: unknown | ((reply: FakeReply) => unknown), reply = fakeReply()): Promise<unknown> {
  const context = { getHandler: () => handler, getClass: () => Demo, switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => of(typeof answer === 'function' ? (answer as (reply: FakeReply) => unknown)(reply) : answer) };
  return lastValueFrom(interceptor.intercept(context, next));
}

function withNodeEnv<T>(value: string, make: () => T): T {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = value;
  try {
    return make();
  } finally {
    process.env.NODE_ENV = before;
  }
}

describe('@Answers and AnswerContractInterceptor', () => {
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => error.mockRestore());

  it('records the schema on the route and puts the interceptor on it', () => {
    expect(answerSchemaOf(Demo.prototype.answer)).toBe(schema);
    expect(answerSchemaOf(Demo.prototype.plain)).toBeUndefined();
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, Demo.prototype.answer)).toEqual([AnswerContractInterceptor]);
  });

  it('under tests, lets an answer in the contract through as the handler returned it (not parsed)', async () => {
    const answer = { flashcard: { id: 'reading-1', extra: true } };
    await expect(run(new AnswerContractInterceptor(), Demo.prototype.answer, answer)).resolves.toBe(answer);
  });

  it('under tests, turns an answer outside the contract into an error that names the route and the field', async () => {
    const failure = run(new AnswerContractInterceptor(), Demo.prototype.answer, { flashcard: { id: 42 } });
    await expect(failure).rejects.toThrow(/Demo\.answer answered outside its contract[\s\S]*flashcard\.id/);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('under tests, checks the JSON a route sends itself (@Res), and leaves redirects, compressed bytes and problems alone', async () => {
    const sendsJson = (body: unknown) => (reply: FakeReply) => reply.header('content-type', 'application/json; charset=utf-8').send(Buffer.from(JSON.stringify(body)));
    await expect(run(new AnswerContractInterceptor(), Demo.prototype.answer, sendsJson({ flashcard: null }))).resolves.toBeDefined();
    expect(() => run(new AnswerContractInterceptor(), Demo.prototype.answer, sendsJson({ flashcard: { id: 7 } }))).toThrow(/Demo\.answer answered outside its contract[\s\S]*flashcard\.id/);
    // an object sent as is (a URL for fetch) is checked too
    expect(() => run(new AnswerContractInterceptor(), Demo.prototype.answer, (reply: FakeReply) => reply.send({ url: 'https://example.test' }))).toThrow(/flashcard/);

    const redirect = fakeReply();
    redirect.statusCode = 303;
    await expect(run(new AnswerContractInterceptor(), Demo.prototype.answer, (reply: FakeReply) => reply.send(), redirect)).resolves.toBe(redirect);
    const gzipped = (reply: FakeReply) => reply.header('content-type', 'application/json').header('content-encoding', 'gzip').send(Buffer.from([0x1f, 0x8b]));
    await expect(run(new AnswerContractInterceptor(), Demo.prototype.answer, gzipped)).resolves.toBeDefined();
    const problem = fakeReply();
    problem.statusCode = 404;
    await expect(run(new AnswerContractInterceptor(), Demo.prototype.answer, (reply: FakeReply) => reply.send({ title: 'Not found' }), problem)).resolves.toBe(problem);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('checks nothing on a route without a schema, nor outside tests', async () => {
    await expect(run(new AnswerContractInterceptor(), Demo.prototype.plain, 'anything')).resolves.toBe('anything');
    const production = withNodeEnv('production', () => new AnswerContractInterceptor());
    await expect(run(production, Demo.prototype.answer, { flashcard: 'wrong' })).resolves.toEqual({ flashcard: 'wrong' });
    expect(error).not.toHaveBeenCalled();
  });
});
