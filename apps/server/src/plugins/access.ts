import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../access/caller';
import { createDenialAuditor } from '../access/denial';
import { isPluginOwned, publicAccess } from '../access/route-access';
import { admitCaller, checkNamedMerchant, refuseSignInEmailChange } from '../access/route-guard';
import { checkStepUp } from '../access/step-up';

// Fastify wiring of the access layer (access/): every route's rule checked on every request, every
// refusal through the app's one denial auditor.
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeCatalog', []);
    app.decorateRequest('merchantAccess', null);
    app.decorateRequest('viewAsClientId', null);
    app.decorateRequest('requireSession', function (this: FastifyRequest) {
      if (!this.session) throw unauthenticated();
      return this.session;
    });

    const denials = createDenialAuditor(app.db, () => app.now(), app.log);
    app.decorate('accessDenials', denials);
    const sweepTimer = setInterval(() => denials.sweep(), 60_000);
    sweepTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweepTimer);
      denials.sweep(true);
    });

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

    app.addHook('onRequest', (request) => admitCaller(app.db, request));
    app.addHook('preHandler', refuseSignInEmailChange);
    app.addHook('preHandler', (request) => checkNamedMerchant(app.db, request));
    app.addHook('preHandler', (request) => checkStepUp(app.db, request));
  },
  { name: 'access' },
);
