import type { AppRoute } from '@ts-rest/core';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { openApiSchema } from './openapi-schema.js';

type Parameter = OpenAPIV3.ParameterObject;

/** `/pets/:petId` as OpenAPI writes it: `/pets/{petId}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** The schemas of a route's path parameters, query or headers: a Zod object, or (headers) an object of schemas. */
function fieldsOf(schemas: unknown): [string, z.ZodType][] {
  if (schemas instanceof z.ZodObject) return Object.entries(schemas.shape as Record<string, z.ZodType>);
  if (!schemas || typeof schemas !== 'object' || isZod(schemas)) return [];
  return Object.entries(schemas).filter((entry): entry is [string, z.ZodType] => isZod(entry[1]));
}

/**
 * A parameter whose schema's description is the parameter's own, as documentation tools show it. Its keys are in
 * 1.1.0's order (a path parameter's description after its schema, a query parameter's before), so the text stays.
 */
function describedParameter(name: string, location: 'path' | 'query', schema: z.ZodType): Parameter {
  const { description, ...rest } = openApiSchema(schema);
  const required = location === 'path' || !schema.isOptional();
  if (location === 'path')
    return { name, in: location, required, schema: rest, ...(description && { description }) };
  return {
    name,
    in: location,
    ...(description && { description }),
    ...(required && { required }),
    schema: rest,
  };
}

/** Path parameters first (those the path names without a schema are text), then headers, then the query. */
function parametersOf(route: AppRoute): Parameter[] {
  const path = openApiPath(route.path);
  const typed = fieldsOf(route.pathParams);
  const untyped = [...path.matchAll(/{([^}]+)}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !typed.some(([typedName]) => typedName === name));
  return [
    ...untyped.map((name): Parameter => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...typed.map(([name, schema]) => describedParameter(name, 'path', schema)),
    ...fieldsOf(route.headers).map(
      ([name, schema]): Parameter => ({
        name,
        in: 'header',
        ...(!schema.isOptional() && { required: true }),
        schema: openApiSchema(schema),
      }),
    ),
    ...fieldsOf(route.query).map(([name, schema]) => describedParameter(name, 'query', schema)),
  ];
}

/**
 * The request body of a route that has one: ts-rest's `c.noBody()` is a symbol, not a schema. It is required where
 * the schema refuses an absent body, as the store then answers 400.
 */
function requestBodyOf(route: AppRoute): OpenAPIV3.RequestBodyObject | undefined {
  if (route.method === 'GET' || !('body' in route) || !isZod(route.body)) return undefined;
  const contentType = ('contentType' in route && route.contentType) || 'application/json';
  return {
    description: 'Body',
    content: { [contentType]: { schema: openApiSchema(route.body) } },
    ...(!route.body.safeParse(undefined).success && { required: true }),
  };
}

/** Each status the route declares, its own and the routers' common ones, with the JSON schema of its body. */
function responsesOf(route: AppRoute): OpenAPIV3.ResponsesObject {
  return Object.fromEntries(
    Object.entries(route.responses).map(([status, body]) => [
      status,
      {
        description: (isZod(body) && body.description) || status,
        ...(isZod(body) && { content: { 'application/json': { schema: openApiSchema(body) } } }),
      },
    ]),
  );
}

/**
 * One route as an OpenAPI operation, keyed as the Zod 3 generator of 1.1.0 keyed it (so that the document's text
 * stays the same): what ts-rest knows of the route, to be completed by the caller (tags, descriptions, examples).
 */
export function operationOf(operationId: string, route: AppRoute): OpenAPIV3.OperationObject {
  const requestBody = requestBodyOf(route);
  return {
    description: route.description,
    summary: route.summary,
    ...(route.deprecated && { deprecated: true }),
    tags: [],
    parameters: parametersOf(route),
    operationId,
    ...(requestBody && { requestBody }),
    responses: responsesOf(route),
  };
}
