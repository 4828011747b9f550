import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { map, Observable } from 'rxjs';
import { z } from 'zod';

const ANSWER_SCHEMA = 'kioku:answer-schema';

/** The answer schema a route declared with @Answers, if any (read by the OpenAPI document too). */
export function answerSchemaOf(handler: object): z.core.$ZodType | undefined {
  return Reflect.getMetadata(ANSWER_SCHEMA, handler) as z.core.$ZodType | undefined;
}

/**
 * `@Answers(schema)`: the route's 200 answer has the shape of this schema of the API contract (contract/, issue 18),
 * the one the frontend parses it with. /api/docs describes the answer with it, and in tests every answer is
 * checked against it (AnswerContractInterceptor), so the integration tests catch a drift between the two sides.
 */
export const Answers = (schema: z.core.$ZodType) => applyDecorators(SetMetadata(ANSWER_SCHEMA, schema), UseInterceptors(AnswerContractInterceptor));

/**
 * Under NODE_ENV=test (Jest sets it), an answer that does not parse with its declared schema becomes a 500 and the
 * mismatch is written to stderr: the test that made the call fails and says why. Elsewhere it does nothing: the
 * check would cost every answer a parse (the grade is the hot path) and must never break an answer in production.
 * The answer goes out as the handler returned it, not as parsed (a parse would strip fields and fill defaults).
 */
@Injectable()
export class AnswerContractInterceptor implements NestInterceptor {
  private readonly enforced = process.env.NODE_ENV === 'test';

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const schema = this.enforced ? answerSchemaOf(context.getHandler()) : undefined;
    if (!schema) return next.handle();
    return next.handle().pipe(
      map((answer: unknown) => {
        const parsed = z.safeParse(schema, answer);
        if (parsed.success) return answer;
        const route = `${context.getClass().name}.${context.getHandler().name}`;
        const message = `${route} answered outside its contract (@Answers):\n${z.prettifyError(parsed.error)}`;
        console.error(message);
        throw new Error(message);
      }),
    );
  }
}
