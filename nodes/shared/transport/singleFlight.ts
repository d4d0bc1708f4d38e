import { createHash } from 'crypto';

/** How long a new token answers for the one it replaced: pages that met the same expiry late still reuse it. */
const REUSE_MS = 60_000;

/**
 * Process-wide, for pages of one process that met the same expiry. Queue mode and multi-main: each
 * process mints for itself at most once per expiry; n8n stores each token in the credential.
 */
const minted = new Map<string, { at: number; token: Promise<string> }>();

/**
 * One token exchange per expiry. n8n re-mints for every request that met a 401, so pages in flight
 * that met the same expired token would each ask for a new one: the first asks, the others wait for
 * its answer. Keyed by a digest of the API root, the client and the token being replaced (never kept
 * in clear); a failed exchange is not reused.
 */
export async function mintOnce(parts: string[], mint: () => Promise<string>): Promise<string> {
	const now = Date.now();
	for (const [key, entry] of minted) if (now - entry.at >= REUSE_MS) minted.delete(key);
	const key = createHash('sha256').update(parts.join('\n')).digest('hex');
	const known = minted.get(key);
	if (known) return await known.token;
	const token = mint();
	minted.set(key, { at: now, token });
	token.catch(() => minted.delete(key));
	return await token;
}
