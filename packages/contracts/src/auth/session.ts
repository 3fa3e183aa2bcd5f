import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// POST /authenticated: whether the cookie names a live session. Never a 401.
export const authenticatedResponse = successEnvelope(z.boolean());

// POST /logout: always true, also without a session (idempotent).
export const logoutResponse = successEnvelope(z.literal(true));

export const sessionCookieName = 'portico_session';

// Idle timeout and absolute limit of a session.
export const sessionIdleTimeoutMinutes = 15;
export const sessionAbsoluteLimitHours = 12;
