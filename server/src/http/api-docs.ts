/**
 * The API contract, published by the server: an OpenAPI 3.1 document generated from the routes'
 * schemas at `GET /api/openapi.json`, and a readable reference at `/api/docs` (Swagger UI,
 * served from the package's own files, so it works offline). What OpenAPI cannot say (the Data
 * API's query grammar, realtime frames, token storage) is in docs/protocol.md.
 *
 * Routes declare their input and output as zod schemas (`schema: {body, querystring, params,
 * headers, response}`); the zod type provider validates the input before the handler runs and
 * the same schemas become the document.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** `METHOD /path` of every API route, in registration order, for checking the document. */
export type ApiRouteList = string[];

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRouteList;
  }
}

export async function installApiDocs(
  app: FastifyInstance,
  info: { version: string; publicUrl: string },
) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: ApiRouteList = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX) || route.schema?.hide)
      return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // HEAD twins are added by Fastify for every GET; the document lists the GET.
    for (const m of methods) if (m !== 'HEAD') routes.push(`${m} ${route.url}`);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Scout Leadership Platform API',
        version: info.version,
        description:
          'Accounts and sessions, the Data API over tables, file storage, realtime, mail, calendar feeds. ' +
          'The query grammar, headers and realtime frames are described in docs/protocol.md of the repository.',
      },
      servers: [{ url: info.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An access token or a service key',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: false, url: OPENAPI_PATH },
    staticCSP: false,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
