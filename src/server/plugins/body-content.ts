import type { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

/** A body declared per content type (`body: { content: { 'application/json': { schema } } }`). */
interface BodyContent {
  content: Record<string, { schema: unknown }>;
}

const isBodyContent = (body: unknown): body is BodyContent =>
  typeof body === 'object' &&
  body !== null &&
  'content' in body &&
  typeof (body as { content: unknown }).content === 'object';

/**
 * Lets the description's transform take a body declared per content type, as Fastify validates it
 * (the deposit: JSON, or multipart/form-data): `transform` sees the route without its body, then
 * each content type's schema alone, and the body is described per content type.
 */
export function withBodyContent(transform: Transform): Transform {
  return (input: TransformInput) => {
    const schema = input.schema as Record<string, unknown> | undefined;
    const body = schema?.body;
    if (!isBodyContent(body)) return transform(input);
    const out = transform({ ...input, schema: { ...schema, body: undefined } } as TransformInput);
    const content = Object.fromEntries(
      Object.entries(body.content).map(([type, { schema: part }]) => {
        const described = transform({ ...input, schema: { body: part } } as TransformInput);
        return [type, { schema: (described.schema as { body?: unknown } | undefined)?.body }];
      }),
    );
    return { ...out, schema: { ...out.schema, body: { content } } };
  };
}
