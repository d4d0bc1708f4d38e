import { API_PREFIX } from '../endpoints';

export type ApiVersion = 'v1' | 'v2';
export type ApiRoot =
	{ ok: true; root: string; version: ApiVersion } | { ok: false; problem: string };

/** The versions a Base URL may end in: v1 (the vendor's public docs), v2 (the spec; also a bare host). */
const VERSIONS: readonly string[] = ['v1', 'v2'];

export const BASE_URL_EXAMPLE = 'https://inventory.example.com/api/v2';

/**
 * The API root from the credential's Base URL: …/api/v1 or …/api/v2 as given, a bare host meaning
 * …/api/v2; a trailing slash is ignored. Anything but HTTPS is refused: the service rejects credentials
 * sent over HTTP, and by then the secret would already have crossed the network in clear.
 */
export function resolveApiRoot(baseUrl: unknown): ApiRoot {
	const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	if (text === '')
		return {
			ok: false,
			problem: `The Base URL is empty; enter the API root, e.g. ${BASE_URL_EXAMPLE}`,
		};

	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {
			ok: false,
			problem: `The Base URL "${text}" is not a valid URL; enter the API root, e.g. ${BASE_URL_EXAMPLE}`,
		};
	}
	if (url.protocol === 'http:') {
		return {
			ok: false,
			problem: `The Base URL uses http://, but Inventory Pro accepts credentials only over HTTPS. Change it to https://${url.host}${url.pathname === '/' ? '' : url.pathname} (nothing was sent)`,
		};
	}
	if (url.protocol !== 'https:') {
		return {
			ok: false,
			problem: `The Base URL must start with https://, e.g. ${BASE_URL_EXAMPLE}`,
		};
	}
	if (url.username || url.password) {
		return {
			ok: false,
			problem:
				'The Base URL must not contain a user name or password; use the Client ID and Client Secret fields',
		};
	}
	if (url.search || url.hash) {
		return {
			ok: false,
			problem: `The Base URL must not contain a query string or fragment, e.g. ${BASE_URL_EXAMPLE}`,
		};
	}

	let path = url.pathname.replace(/\/+$/, '');
	const version = /\/api\/(v\d+)$/i.exec(path);
	if (version && !VERSIONS.includes(version[1].toLowerCase())) {
		return {
			ok: false,
			problem: `The Base URL points at API ${version[1]}, but this node speaks api/v1 and api/v2; end it with /api/v1 or ${API_PREFIX}, or leave the version out (= ${API_PREFIX})`,
		};
	}
	if (version) path = path.slice(0, -version[0].length);
	const chosen = (version?.[1].toLowerCase() ?? API_PREFIX.slice('/api/'.length)) as ApiVersion;
	return { ok: true, root: `${url.origin}${path}/api/${chosen}`, version: chosen };
}

/** Whether an absolute URL (or a protocol-relative one), as axios decides when it joins baseURL and url. */
const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/**
 * The URL a request will go to, joined the way the HTTP client joins `baseURL` and `url` (plain
 * concatenation unless `url` is absolute), then parsed as the client parses it. Undefined when unparseable.
 */
export function requestTarget(url: string, baseURL?: string): URL | undefined {
	try {
		if (!baseURL || ABSOLUTE_URL.test(url)) return new URL(url, baseURL || undefined);
		return new URL(url ? `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}` : baseURL);
	} catch {
		return undefined;
	}
}

/**
 * Why `path` (meant to sit below the API root) would take a request somewhere else, or undefined
 * when it stays inside. The raw text is checked for what the URL parser would silently rewrite
 * (encoded dot segments, which it decodes; tabs and newlines, which it strips), then the final URL
 * after parsing must keep the root's origin and sit below the root's path.
 */
export function pathProblem(root: string, path: string): string | undefined {
	if (!path.startsWith('/')) return 'it must start with a slash and name no scheme or host';
	if (/[\s\p{Cc}]/u.test(path)) return 'it contains whitespace or a control character';
	if (/[?#\\]/.test(path))
		return 'it contains "?", "#" or a backslash (query parameters go in the query options)';

	// The URL as it will be sent: same origin, below the root's path.
	const base = new URL(root);
	const target = requestTarget(path, root);
	if (
		!target ||
		target.origin !== base.origin ||
		!target.pathname.startsWith(`${base.pathname}/`)
	) {
		return `it does not stay below ${root}`;
	}
	// What the parser hides inside the root: an encoded dot segment resolves to the root itself or a
	// sibling resource, and some servers decode an encoded slash or walk up on one.
	if (/%(2f|5c|00)/i.test(path)) return 'it contains an encoded slash, backslash or NUL';
	const segments = path.split('/').map((segment) => segment.replace(/%2e/gi, '.'));
	if (segments.some((segment) => segment === '.' || segment === '..'))
		return 'it contains a "." or ".." segment (also percent-encoded)';
	if (path.includes('//')) return 'it contains an empty segment ("//")';
	return undefined;
}

/**
 * The URL a call is sent to: the API root plus the path, only when the path stays below the root. The
 * transport builds every URL here, so no request can skip the check, whatever its caller checked before.
 */
export function callUrl(root: string, path: string): { url: string } | { problem: string } {
	const problem = pathProblem(root, path);
	return problem === undefined ? { url: `${root}${path}` } : { problem };
}
