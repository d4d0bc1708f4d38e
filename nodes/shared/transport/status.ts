/** Whether a transport error is the service's answer with this HTTP status (NodeApiError.httpCode is text). */
export function answered(error: unknown, status: number): boolean {
	return (
		typeof error === 'object' &&
		error !== null &&
		(error as { httpCode?: unknown }).httpCode === String(status)
	);
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs a request; the service's answer with `status` comes back as `{ ok: false, error }` for the caller to
 * decide on, any other failure propagates unchanged.
 */
export async function allowing<T>(status: number, request: Promise<T>): Promise<Outcome<T>> {
	return await request.then(
		(value): Outcome<T> => ({ ok: true, value }),
		(error: unknown): Outcome<T> => {
			if (answered(error, status)) return { ok: false, error };
			throw error;
		},
	);
}
