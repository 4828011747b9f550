import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { map, Observable } from 'rxjs';
import { z } from 'zod';

const ANSWER_SCHEMA = 'kioku:answer-schema';

/** The answer schema a route declared with @Answers, if any (read by the OpenAPI document too). */
export function answerSchemaOf(handler: object): z.core.$ZodType | undefined {
  return Reflect.getMetadata(ANSWER_SCHEMA, handler) as z.core.$ZodType | undefined;
}

/**
 * `@Answers(schema)`: the route's success answer has the shape of this schema of the API contract (contract/,
 * issue 18), the one the frontend parses it with. /api/docs describes the answer with it, and in tests every answer is
 * checked against it (AnswerContractInterceptor), so the integration tests catch a drift between the two sides.
 */
export const Answers = (schema: z.core.$ZodType) =>
  // Outside tests the check does nothing, so the route gets no interceptor: one without any skips Nest's rxjs chain.
  answersChecked() ? applyDecorators(SetMetadata(ANSWER_SCHEMA, schema), UseInterceptors(AnswerContractInterceptor)) : SetMetadata(ANSWER_SCHEMA, schema);

function answersChecked(): boolean {
  return process.env.NODE_ENV === 'test';
}

/**
 * Under NODE_ENV=test (Jest sets it), an answer that does not parse with its declared schema becomes a 500 and the
 * mismatch is written to stderr: the test that made the call fails and says why. Elsewhere it does nothing: the
 * check would cost every answer a parse (the grade is the hot path) and must never break an answer in production.
 * The answer goes out as the handler returned it, not as parsed (a parse would strip fields and fill defaults).
 * A route that sends its answer itself (`@Res()`: cached bytes, a URL or a redirect) is checked as it sends: a
 * JSON success is parsed, anything else (a redirect, a 304, a problem) is not an answer of the contract.
 */
@Injectable()
export class AnswerContractInterceptor implements NestInterceptor {
  private readonly enforced = answersChecked();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const schema = this.enforced ? answerSchemaOf(context.getHandler()) : undefined;
    if (!schema) return next.handle();
    const route = `${context.getClass().name}.${context.getHandler().name}`;
    const reply = context.switchToHttp().getResponse<SendingReply | undefined>();
    let checked = false;
    if (reply && typeof reply.send === 'function') {
      const send = reply.send;
      reply.send = function (this: SendingReply, payload?: unknown) {
        if (!checked && isSuccess(reply.statusCode)) {
          checked = true;
          const body = jsonOf(payload, reply);
          if (body !== NOT_JSON) check(schema, body, route);
        }
        return send.call(this, payload);
      };
    }
    return next.handle().pipe(
      map((answer: unknown) => {
        // the handler sent its answer itself (checked above): what it returned is not the answer
        if (checked || reply?.sent) return answer;
        checked = true;
        check(schema, answer, route);
        return answer;
      }),
    );
  }
}

/** The part of Fastify's reply the check wraps (Nest hands interceptors the platform's own response object). */
interface SendingReply {
  statusCode: number;
  sent: boolean;
  send(payload?: unknown): unknown;
  getHeader(name: string): unknown;
}

const NOT_JSON = Symbol('not json');

const isSuccess = (status: number | undefined) => status === undefined || (status >= 200 && status < 300);

/** The JSON a route sends itself: an object as is, bytes or text when they are uncompressed JSON. */
function jsonOf(payload: unknown, reply: SendingReply): unknown {
  if (payload === undefined || payload === null) return NOT_JSON;
  const isBytes = Buffer.isBuffer(payload) || typeof payload === 'string';
  if (!isBytes) return typeof payload === 'object' && typeof (payload as { pipe?: unknown }).pipe !== 'function' ? payload : NOT_JSON;
  if (reply.getHeader('content-encoding') || !/json/.test(String(reply.getHeader('content-type') ?? ''))) return NOT_JSON;
  try {
    return JSON.parse(payload.toString());
  } catch {
    return NOT_JSON;
  }
}

function check(schema: z.core.$ZodType, answer: unknown, route: string): void {
  const parsed = z.safeParse(schema, answer);
  if (parsed.success) return;
  const message = `${route} answered outside its contract (@Answers):\n${z.prettifyError(parsed.error)}`;
  console.error(message);
  throw new Error(message);
}
