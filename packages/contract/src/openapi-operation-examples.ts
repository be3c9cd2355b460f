import type { AppRoute } from '@ts-rest/core';
import type { OpenAPIV3 } from 'openapi-types';
import { type CodeSample, codeSamples } from './openapi-code-samples.js';
import { errorExamples } from './openapi-error-examples.js';
import { OPERATION_EXAMPLES, type OperationId, PARAMETER_EXAMPLES } from './openapi-examples.js';

/**
 * An operation of the document, with the scopes a key needs (`x-required-scopes`) and the requests a reader copies
 * (`x-codeSamples`).
 */
export type OperationObject = OpenAPIV3.OperationObject<{
  'x-required-scopes'?: string[];
  'x-codeSamples'?: CodeSample[];
}>;

interface WithMediaType {
  content?: Record<string, Record<string, unknown>>;
}

const json = (node: WithMediaType | undefined) => node?.content?.['application/json'];

/**
 * The operation with an example for every parameter, its request body and each of its responses, and the request
 * in curl and with the client (`x-codeSamples`), so that readers and tools see Biscuit rather than values generated
 * from the schemas.
 */
export function withExamples(
  operation: OperationObject,
  operationId: OperationId,
  route: AppRoute,
): OperationObject {
  const example = OPERATION_EXAMPLES[operationId];
  for (const parameter of operation.parameters ?? []) {
    if ('name' in parameter && parameter.name in PARAMETER_EXAMPLES) {
      parameter.example = PARAMETER_EXAMPLES[parameter.name];
    }
  }
  const body = json(operation.requestBody as WithMediaType | undefined);
  if (body) body.example = example.body;
  for (const [status, response] of Object.entries(operation.responses as Record<string, WithMediaType>)) {
    const content = json(response);
    if (!content) continue;
    if (status.startsWith('2')) {
      content.example = example.answer;
      continue;
    }
    const errors = errorExamples(operationId, status);
    if (errors.length > 0) {
      content.examples = Object.fromEntries(errors.map((error) => [error.code, { value: error }]));
    }
  }
  return { ...operation, 'x-codeSamples': codeSamples(operationId, route, example) };
}
