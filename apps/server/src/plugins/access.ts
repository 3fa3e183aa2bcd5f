import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export type UserRole = 'admin' | 'user' | 'parent' | 'healnow' | 'alpha';

// Every route declares who may call it (design.md §4: deny by default).
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated'; roles: readonly UserRole[]; permission?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const publicAccess: RouteAccess = { kind: 'public' };

// Routes that plugins register for us (docs UI, static files of the portal) are public by nature.
const pluginOwnedPrefixes = ['/api/docs', '/app'];

function isPluginOwned(url: string): boolean {
  return url === '/' || pluginOwnedPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export type RouteCatalogEntry = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    // Every registered route with its access rule: the authorization matrix and the fuzz test walk it.
    routeCatalog: RouteCatalogEntry[];
  }
}

export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeCatalog', []);
    app.addHook('onRoute', (route) => {
      let access = route.config?.access;
      if (!access && isPluginOwned(route.url)) {
        access = publicAccess;
        route.config = { ...route.config, access };
      }
      // Fail at start-up, not at run time: a route without an access rule is a defect.
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) app.routeCatalog.push({ method, url: route.url, access });
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access.kind === 'public') return;
      // Sessions arrive with the sign-in module; until a session plugin vouches for the caller, deny.
      if (!request.session) {
        throw new AppError(CommonErrorCode.Unauthenticated, 'unauthenticated', 'Sign in to continue');
      }
    });
  },
  { name: 'access' },
);

declare module 'fastify' {
  interface FastifyRequest {
    // Set by the session plugin when a valid session cookie is presented.
    session?: { userId: string; role: UserRole };
  }
}
