import { API_PREFIX } from '../endpoints';

export type ApiRoot = { ok: true; root: string } | { ok: false; problem: string };

export const BASE_URL_EXAMPLE = 'https://inventory.example.com/api/v2';

/**
 * The API root (…/api/v2) from the credential's Base URL, which users give with or without the
 * /api/v2 suffix and a trailing slash. Anything but HTTPS is refused: the service rejects credentials
 * sent over HTTP, and by then the secret would already have crossed the network in clear.
 */
export function resolveApiRoot(baseUrl: unknown): ApiRoot {
	const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	if (text === '') return { ok: false, problem: `The Base URL is empty; enter the API root, e.g. ${BASE_URL_EXAMPLE}` };

	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return { ok: false, problem: `The Base URL "${text}" is not a valid URL; enter the API root, e.g. ${BASE_URL_EXAMPLE}` };
	}
	if (url.protocol === 'http:') {
		return {
			ok: false,
			problem: `The Base URL uses http://, but Inventory Pro accepts credentials only over HTTPS. Change it to https://${url.host}${url.pathname === '/' ? '' : url.pathname} (nothing was sent)`,
		};
	}
	if (url.protocol !== 'https:') {
		return { ok: false, problem: `The Base URL must start with https://, e.g. ${BASE_URL_EXAMPLE}` };
	}
	if (url.username || url.password) {
		return { ok: false, problem: 'The Base URL must not contain a user name or password; use the Client ID and Client Secret fields' };
	}
	if (url.search || url.hash) {
		return { ok: false, problem: `The Base URL must not contain a query string or fragment, e.g. ${BASE_URL_EXAMPLE}` };
	}

	let path = url.pathname.replace(/\/+$/, '');
	const version = /\/api\/(v\d+)$/i.exec(path);
	if (version && version[1].toLowerCase() !== API_PREFIX.slice('/api/'.length)) {
		return {
			ok: false,
			problem: `The Base URL points at API ${version[1]}, but this node speaks ${API_PREFIX.slice(1)}; end it with ${API_PREFIX} or leave the version out`,
		};
	}
	if (version) path = path.slice(0, -version[0].length);
	return { ok: true, root: `${url.origin}${path}${API_PREFIX}` };
}
