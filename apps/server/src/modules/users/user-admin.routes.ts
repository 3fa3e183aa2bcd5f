import { Permission } from '@portico/contracts/access/permission-names';
import {
  createUserRequestBody,
  createUserRequestResponse,
  deleteUserQuery,
  deleteUserResponse,
  myUsersQuery,
  myUsersResponse,
  updateUserBody,
  userResponse,
} from '@portico/contracts/access/user-admin';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { createAccountContact } from './account-contacts.service';
import { createManagedUser, deleteUser, listMyUsers, updateUser } from './user-admin.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export type UserAdminRoutesOptions = { publicUrl: string; loginLinksPerAddress: number };

// The Users page: every call needs the Users permission (on the merchant it names; without
// one, on some membership, and the service narrows to the merchants where it is held).
export const userAdminRoutes: FastifyPluginAsyncZod<UserAdminRoutesOptions> = async (app, options) => {
  const deps = () => ({
    db: app.db,
    mail: app.mail,
    log: app.log,
    publicUrl: options.publicUrl,
    loginLinksPerAddress: options.loginLinksPerAddress,
  });

  app.get(
    '/api/client/my-users',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: userTypes,
          permission: Permission.Users,
          merchant: { from: 'query', key: 'merchant_id' },
        },
      },
      schema: {
        tags: ['users'],
        summary: "The users the caller manages (one merchant's with merchant_id)",
        querystring: myUsersQuery,
        response: { 200: myUsersResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listMyUsers(app.db, callerOf(request), request.query),
    }),
  );

  app.post(
    '/api/user',
    {
      // Two shapes, each authorized in its service: the Users page's (Users on merchant_id) and the
      // account page's Users & Contacts (staff and parents reaching client_id).
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['users'],
        summary:
          'Add a user to a merchant with a role and locations (a welcome e-mail carries a sign-in link), ' +
          "or, with client_id, a user or contact of an account from the account page's Users & Contacts",
        body: createUserRequestBody,
        response: { 200: createUserRequestResponse, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const message =
        'client_id' in body
          ? await createAccountContact(app.db, callerOf(request), body)
          : await createManagedUser(deps(), callerOf(request), body);
      return { status: true as const, message };
    },
  );

  app.patch(
    '/api/user/update',
    {
      // A mimic session may edit users but not the mimicked user's own sign-in e-mail.
      config: {
        access: {
          kind: 'authenticated',
          roles: userTypes,
          permission: Permission.Users,
          signInEmail: { userIdKey: 'id', emailKey: 'email' },
        },
      },
      schema: {
        tags: ['users'],
        summary: 'Edit a user: name, e-mail, memberships with roles, default merchant, locations, lock',
        body: updateUserBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await updateUser(app.db, callerOf(request), request.body),
    }),
  );

  app.delete(
    '/api/user/delete',
    {
      config: { access: { kind: 'authenticated', roles: userTypes, permission: Permission.Users } },
      schema: {
        tags: ['users'],
        summary: 'Remove a user; their sessions end at once',
        querystring: deleteUserQuery,
        response: { 200: deleteUserResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await deleteUser(app.db, callerOf(request), request.query.id),
    }),
  );
};
