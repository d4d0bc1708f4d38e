/**
 * OAuth 2.0 client credentials (spec, Authentication): POST /Token issues opaque bearer tokens that live
 * 4 hours by the injected clock.
 *
 * Choices where the spec is silent:
 * - wrong client id or secret: 401 unauthorized "Invalid client credentials."
 * - disabled account: 401 unauthorized "The client account is disabled."
 * - grant_type missing or not client_credentials, or no client id/secret at all: 400 bad_request
 * - HTTP Basic wins over client_id/client_secret in the form when both are sent
 */
import { createHash, randomBytes, timingSafeEqual } from 'crypto';

import type { ClientRegistry } from './clients';
import type { Clock } from './clock';
import { ApiError, badRequest } from './errors';
import type { ClientConfig } from './types';

export const TOKEN_LIFETIME_MS = 4 * 3600_000;

export interface TokenResponse {
	access_token: string;
	token_type: 'bearer';
	expires_in: number;
}

interface IssuedToken {
	clientId: string;
	expiresAt: number;
}

const unauthorized = (message: string, error = 'invalid_token') =>
	new ApiError('unauthorized', message).withHeaders({
		'WWW-Authenticate': `Bearer realm="inventory-pro", error="${error}"`,
	});

/** Compares secrets in constant time (hashing first makes the lengths equal). */
function sameSecret(a: string, b: string): boolean {
	const hash = (s: string) => createHash('sha256').update(s, 'utf8').digest();
	return timingSafeEqual(hash(a), hash(b));
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
	const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) throw badRequest('HTTP Basic credentials must be client_id:client_secret.');
	return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** RFC 6749 2.3.1 has clients form-encode id and secret before Basic; accept both forms. */
function formDecoded(value: string): string {
	try {
		return decodeURIComponent(value.replace(/\+/g, ' '));
	} catch {
		return value;
	}
}

export class TokenService {
	private readonly tokens = new Map<string, IssuedToken>();

	constructor(
		private readonly clients: ClientRegistry,
		private readonly clock: Clock,
	) {}

	/** The POST /Token exchange; also says which client got the token. */
	issue(
		form: URLSearchParams,
		authorization: string | undefined,
	): { clientId: string; response: TokenResponse } {
		const grantType = form.get('grant_type');
		if (!grantType) throw badRequest('grant_type is required (client_credentials).');
		if (grantType !== 'client_credentials') {
			throw badRequest(`Unsupported grant_type "${grantType}"; use client_credentials.`);
		}
		const basic = basicCredentials(authorization);
		const id = basic?.id ?? form.get('client_id') ?? '';
		const secret = basic?.secret ?? form.get('client_secret') ?? '';
		if (!id || !secret) throw badRequest('client_id and client_secret are required.');

		const client = this.clients.get(id) ?? (basic ? this.clients.get(formDecoded(id)) : undefined);
		const secretMatches =
			client !== undefined &&
			(sameSecret(secret, client.clientSecret) ||
				(basic !== undefined && sameSecret(formDecoded(secret), client.clientSecret)));
		if (!client || !secretMatches)
			throw new ApiError('unauthorized', 'Invalid client credentials.');
		if (client.disabled) throw new ApiError('unauthorized', 'The client account is disabled.');

		const token = randomBytes(32).toString('base64url');
		this.tokens.set(token, {
			clientId: client.clientId,
			expiresAt: this.clock.now() + TOKEN_LIFETIME_MS,
		});
		return {
			clientId: client.clientId,
			response: { access_token: token, token_type: 'bearer', expires_in: TOKEN_LIFETIME_MS / 1000 },
		};
	}

	/** The client behind `Authorization: Bearer <token>`, or a 401. */
	authenticate(authorization: string | undefined): ClientConfig {
		if (!authorization) throw unauthorized('A bearer token is required.', 'invalid_request');
		const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
		if (!match) throw unauthorized('A bearer token is required.', 'invalid_request');
		const issued = this.tokens.get(match[1]);
		if (!issued) throw unauthorized('The access token is invalid.');
		const now = this.clock.now();
		if (now >= issued.expiresAt) throw unauthorized('The access token has expired.');
		if (!this.clients.tokensValid(issued.clientId, now))
			throw unauthorized('The client account is disabled.');
		return this.clients.get(issued.clientId) as ClientConfig;
	}

	/** Seconds of validity left, for tests and diagnostics. */
	remaining(token: string): number {
		const issued = this.tokens.get(token);
		return issued ? Math.max(0, Math.floor((issued.expiresAt - this.clock.now()) / 1000)) : 0;
	}
}
