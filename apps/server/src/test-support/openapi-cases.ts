import { isIPv4, isIPv6 } from 'node:net';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { type JsonSchema, valuesFor } from './json-schema-values.js';

/**
 * Requests generated from the published OpenAPI document, and what the document says of each: allowed, or forbidden
 * with the fields it names. Nothing here reads the contract's Zod schemas: the document is the only source, and
 * Ajv, a JSON Schema validator, is the only judge (unicode patterns, as JSON Schema wants ECMA-262 with `u`).
 */

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One generated request: what travels, and what the document says of it. */
export interface GeneratedRequest {
  operationId: string;
  method: string;
  /** The path after the API's base path, its parameters filled in and encoded. */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** The JSON body, or undefined for none. */
  body: unknown;
  /** The fields the document forbids, each as the store's messages name it (`body field 'name'`); empty if allowed. */
  forbidden: string[];
  /** The statuses the document lists for the operation. */
  statuses: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** What JSON Schema validators make of the document's schemas: OpenAPI's own keywords and formats are known. */
function documentValidator(document: OpenApiDocument): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // A CommonJS module whose function is also its `default`, which reads the same under every module interop.
  ajvFormats.default(ajv);
  ajv.addFormat('int64', true);
  // Network ranges, as the contract's CIDR formats read them.
  ajv.addFormat('cidrv4', (range: string) => isRange(range, isIPv4, 32));
  ajv.addFormat('cidrv6', (range: string) => isRange(range, isIPv6, 128));
  ajv.addSchema(document as object, 'document');
  return ajv;
}

function isRange(range: string, isAddress: (text: string) => boolean, bits: number): boolean {
  const match = /^([^/]+)\/(0|[1-9][0-9]{0,2})$/.exec(range);
  return Boolean(match && isAddress(match[1] as string) && Number(match[2]) <= bits);
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** A parameter's text as the value the document describes: an integer only in its plain decimal form. */
function parameterValue(text: string | string[], schema: JsonSchema): unknown {
  if (Array.isArray(text)) return text;
  if (schema.type === 'integer' && /^-?(?:0|[1-9][0-9]*)$/.test(text)) return Number(text);
  return text;
}

/** A generated value as parameter text; a list is the parameter given once per item. */
function asText(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((item) => String(item));
  return typeof value === 'string' ? value : String(value);
}

/** Text a path segment can carry as itself: an empty segment, `.` or `..` would be another path. */
const isPathSegment = (text: string) => text !== '' && text !== '.' && text !== '..';

/** A header value that fetch sends as given: field-value characters only (RFC 9110), no surrounding white space. */
const isHeaderValue = (text: string) =>
  /^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/.test(text);

/** The store's name for a body field that `error` is about, or undefined for the body as a whole. */
function bodyFieldOf(error: ErrorObject): string | undefined {
  const top = error.instancePath.split('/')[1];
  if (top !== undefined) return top;
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  return undefined;
}

/** Every operation of the document, each as a generator of requests and a check of its answers. */
export function documentOperations(document: OpenApiDocument) {
  const ajv = documentValidator(document);
  const compile = (...parts: string[]): ValidateFunction =>
    ajv.compile({ $ref: `document#/${pointer(...parts)}` });

  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => {
        const parameters = (operation.parameters ?? []).map((parameter, index) => ({
          ...parameter,
          valid: compile('paths', path, method, 'parameters', String(index), 'schema'),
        }));
        const body = operation.requestBody?.content['application/json'];
        const validBody =
          body && compile('paths', path, method, 'requestBody', 'content', 'application/json', 'schema');

        /** The body's fields the document forbids, as the store's messages name them. */
        const judgeBody = (json: unknown): string[] => {
          if (!validBody) return [];
          if (json === undefined) return operation.requestBody?.required ? ['the body'] : [];
          if (validBody(json)) return [];
          const fields = (validBody.errors ?? []).map(bodyFieldOf);
          return [
            ...new Set(fields.map((field) => (field === undefined ? 'the body' : `body field '${field}'`))),
          ];
        };

        const parameterValues = parameters.map((parameter) => {
          const text = valuesFor(parameter.schema)
            .map(asText)
            .filter((value) =>
              parameter.in === 'path'
                ? typeof value === 'string' && isPathSegment(value)
                : parameter.in === 'header'
                  ? typeof value === 'string' && isHeaderValue(value)
                  : !Array.isArray(value) || value.length > 1,
            );
          return parameter.required ? text : fc.option(text, { nil: undefined });
        });
        const bodyValue = body
          ? fc.oneof(
              { weight: 19, arbitrary: valuesFor(body.schema) },
              { weight: 1, arbitrary: fc.constant(undefined) },
            )
          : fc.constant(undefined);

        const requests: fc.Arbitrary<GeneratedRequest> = fc
          .tuple(fc.tuple(...parameterValues), bodyValue)
          .map(([texts, bodyJson]) => {
            const forbidden: string[] = [];
            let filledPath = path;
            const query: Array<[string, string]> = [];
            const headers: Record<string, string> = {};
            parameters.forEach((parameter, index) => {
              const text = texts[index];
              if (text === undefined) return;
              if (!parameter.valid(parameterValue(text, parameter.schema))) {
                forbidden.push(
                  `${parameter.in === 'header' ? 'header' : `${parameter.in} parameter`} '${parameter.name}'`,
                );
              }
              if (parameter.in === 'path') {
                filledPath = filledPath.replace(`{${parameter.name}}`, encodeURIComponent(String(text)));
              } else if (parameter.in === 'query') {
                for (const one of [text].flat()) query.push([parameter.name, one]);
              } else {
                headers[parameter.name] = String(text);
              }
            });
            forbidden.push(...judgeBody(bodyJson));
            return {
              operationId: operation.operationId,
              method: method.toUpperCase(),
              path: filledPath,
              query,
              headers,
              body: bodyJson,
              forbidden,
              statuses: Object.keys(operation.responses),
            };
          });

        /** Whether `body` is what the document says an answer of `status` holds; its errors otherwise. */
        const answers = new Map<number, ValidateFunction>();
        const answerProblems = (status: number, answer: unknown): string | undefined => {
          if (!operation.responses[String(status)]?.content) return undefined;
          let valid = answers.get(status);
          if (!valid) {
            valid = compile(
              'paths',
              path,
              method,
              'responses',
              String(status),
              'content',
              'application/json',
              'schema',
            );
            answers.set(status, valid);
          }
          return valid(answer) ? undefined : ajv.errorsText(valid.errors);
        };

        // What there is to vary: an operation without parameters or a body needs few cases.
        const inputs = parameters.length + (body ? 3 : 0);
        return { operationId: operation.operationId, inputs, requests, judgeBody, answerProblems };
      }),
  );
}
