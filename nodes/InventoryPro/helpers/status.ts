/** Whether a transport error is the service's answer with this HTTP status (NodeApiError.httpCode is text). */
export function answered(error: unknown, status: number): boolean {
	return (
		typeof error === 'object' &&
		error !== null &&
		(error as { httpCode?: unknown }).httpCode === String(status)
	);
}
