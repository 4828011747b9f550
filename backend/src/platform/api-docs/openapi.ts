import { RequestMethod, SetMetadata } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ModulesContainer } from '@nestjs/core';
import { z } from 'zod';
import { problemSchema } from '#contract/problem';
import { answerSchemaOf } from '../http/answer-contract.interceptor';
import { ZodPipe } from '../http/zod.pipe';

/** One route as Nest declares it: method, path (OpenAPI style, {id}), the zod schemas of its pipes and of its answer. */
export interface DocumentedRoute {
  method: string;
  path: string;
  controller: string;
  summary?: string;
  body?: z.core.$ZodType;
  /** the body's media type: JSON unless the route parses a form itself */
  bodyType: string;
  query?: z.core.$ZodType;
  params: Record<string, z.core.$ZodType | undefined>;
  /** the success answer's schema from the API contract (@Answers), when the route declares one */
  answer?: z.core.$ZodType;
  /** the success status (@HttpCode; Nest's default: 201 for a POST, else 200) */
  status: number;
}

const PARSED_BODY = 'kioku:parsed-body';

/**
 * `@ParsesBody(schema, contentType?)`: the request body of a route that reads it itself instead of through a
 * ZodPipe (a multipart upload, a body whose sent keys matter), with the contract schema it parses it with.
 * Documentation only: the route still parses (and the schema still validates) where it always did.
 */
export const ParsesBody = (schema: z.core.$ZodType, contentType = 'application/json') => SetMetadata(PARSED_BODY, { schema, contentType });

type OpenApiDocument = { openapi: string; info: Record<string, string>; paths: Record<string, Record<string, unknown>>; components: Record<string, unknown> };

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

/**
 * Every route of every controller, read from Nest's own metadata: the path and method decorators, and the ZodPipe
 * each @Body/@Query/@Param carries, and the contract schema @Answers declares. Nothing is declared twice: the pipe
 * that validates a request, and the schema the frontend parses an answer with, are what document them.
 */
export function documentedRoutes(modules: ModulesContainer): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!type) continue;
      const base = [Reflect.getMetadata(PATH_METADATA, type)].flat()[0] ?? '';
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const own = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (!method || own === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<string, { data?: string; pipes?: unknown[] }>;
        const status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'post' ? 201 : 200);
        const parsed = Reflect.getMetadata(PARSED_BODY, handler) as { schema: z.core.$ZodType; contentType: string } | undefined;
        const route: DocumentedRoute = { method, path: '', controller: type.name, params: {}, answer: answerSchemaOf(handler), status, body: parsed?.schema, bodyType: parsed?.contentType ?? 'application/json' };
        for (const [key, arg] of Object.entries(args)) {
          const kind = Number(key.split(':')[0]);
          const schema = arg.pipes?.find((p): p is ZodPipe<unknown> => p instanceof ZodPipe)?.schema;
          if (kind === RouteParamtypes.BODY) route.body = schema ?? route.body;
          else if (kind === RouteParamtypes.QUERY) route.query = arg.data ? z.object({ [arg.data]: schema ?? z.string() }) : (schema ?? route.query);
          else if (kind === RouteParamtypes.PARAM && arg.data) route.params[arg.data] = schema;
        }
        for (const path of [own].flat()) {
          const full = `/${[base, path].map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`;
          routes.push({ ...route, path: full.replace(/:([A-Za-z_]+)/g, '{$1}') });
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** JSON Schema of a zod schema for OpenAPI 3.1, or a permissive one when a type cannot be expressed (a transform). */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
}

function parameters(route: DocumentedRoute): unknown[] {
  const out: unknown[] = [];
  for (const name of [...route.path.matchAll(/\{([A-Za-z_]+)\}/g)].map((m) => m[1])) {
    const schema = route.params[name];
    out.push({ name, in: 'path', required: true, schema: schema ? jsonSchema(schema) : { type: 'string' } });
  }
  if (route.query) {
    const query = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      out.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the running app (GET /api/docs). Requests are described by the zod schemas that
 * validate them, answers by the contract schema their route declares (as the frontend has them once parsed: io
 * 'output'), else generically; every answer may also be an RFC 9457 problem (the one error channel), listed once.
 */
export function openApiDocument(routes: DocumentedRoute[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      operationId: `${route.controller}.${route.method}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      tags: [route.path.split('/')[2] ?? route.path.split('/')[1] ?? 'app'],
      parameters: parameters(route),
      responses: {
        ...(route.answer
          ? { [String(route.status)]: { description: 'The answer (its schema is the API contract, contract/).', content: { 'application/json': { schema: jsonSchema(route.answer, 'output') } } } }
          : { '2XX': { description: 'The answer (JSON unless the route redirects or serves a file).' } }),
        '4XX': { description: 'A problem the client can fix: the field is named.', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        '5XX': { description: 'The service is unavailable (PostgreSQL down, a provider not configured).', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
      },
    };
    if (route.body) operation.requestBody = { required: true, content: { [route.bodyType]: { schema: jsonSchema(route.body) } } };
    (paths[route.path] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kioku API', version, description: 'Generated from the routes, the zod schemas that validate them and the contract schemas of their answers (backend/src/platform/api-docs).' },
    paths,
    components: {
      schemas: {
        Problem: jsonSchema(problemSchema, 'output'),
      },
    },
  };
}
