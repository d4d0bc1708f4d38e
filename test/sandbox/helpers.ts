/** Shared set-up for the sandbox contract suite: a sandbox on a ManualClock and a client per demo account. */
import {
	DEMO_CLIENTS,
	ManualClock,
	startSandbox,
	type Sandbox,
	type SandboxOptions,
} from '../../sandbox';
import type { Page } from '../../sandbox/lists';
import { SandboxClient, type ApiResponse } from '../support/sandboxClient';

export type DemoAccount = 'demo' | 'readonly' | 'scoped' | 'limited' | 'reports';

export interface TestSandbox {
	sandbox: Sandbox;
	clock: ManualClock;
	/** A client logged in as one of the demo accounts. */
	as(account: DemoAccount): SandboxClient;
	demo: SandboxClient;
}

/** Rate limit is off (very high) unless a test asks for it, so the suite can send as much as it likes. */
export async function openSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
	const clock = (options.clock as ManualClock | undefined) ?? new ManualClock();
	const sandbox = await startSandbox({ rateLimitPerMinute: 1_000_000, ...options, clock });
	const clients = new Map<string, SandboxClient>();
	const as = (account: DemoAccount) => {
		let client = clients.get(account);
		if (!client) {
			const config = DEMO_CLIENTS.find((c) => c.clientId === account)!;
			client = new SandboxClient(sandbox, {
				clientId: config.clientId,
				clientSecret: config.clientSecret,
			});
			clients.set(account, client);
		}
		return client;
	};
	return { sandbox, clock, as, demo: as('demo') };
}

/** Every answer carries the version header and JSON. */
export function expectJsonHeaders(response: ApiResponse<unknown>): void {
	expect(response.headers['x-api-version']).toBe('v2');
	expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
}

/** The spec's error envelope. */
export interface ErrorEnvelope {
	statusCode: number;
	error: string;
	message: string;
	details: Record<string, string[]> | null;
}

/** A validation_error envelope: its details name each field. */
export type ValidationEnvelope = ErrorEnvelope & { details: Record<string, string[]> };

/** The spec's error envelope, exactly. */
export function expectError(
	response: ApiResponse<unknown>,
	status: number,
	error: string,
	message?: string | RegExp,
	details: Record<string, unknown> | null = null,
): asserts response is ApiResponse<ErrorEnvelope> {
	expectJsonHeaders(response);
	const body = response.body as Partial<ErrorEnvelope> | undefined;
	expect({ status: response.status, error: body?.error }).toEqual({ status, error });
	expect(Object.keys(body ?? {}).sort()).toEqual(['details', 'error', 'message', 'statusCode']);
	expect(body?.statusCode).toBe(status);
	if (typeof message === 'string') expect(body?.message).toBe(message);
	else if (message) expect(body?.message).toMatch(message);
	if (error !== 'validation_error') expect(body?.details).toEqual(details);
}

/** The paged envelope and its headers agree with each other. */
export function expectPage(
	response: ApiResponse<unknown>,
	expected: { page?: number; pageSize?: number; totalCount?: number } = {},
): asserts response is ApiResponse<Page<unknown>> {
	expect(response.status).toBe(200);
	expectJsonHeaders(response);
	const body = response.body as Page<unknown>;
	expect(Object.keys(body).sort()).toEqual([
		'hasMore',
		'page',
		'pageCount',
		'pageSize',
		'totalCount',
		'value',
	]);
	expect(response.headers['x-total-count']).toBe(String(body.totalCount));
	expect(response.headers['x-page-size']).toBe(String(body.pageSize));
	expect(response.headers['x-page']).toBe(String(body.page));
	expect(body.pageCount).toBe(Math.ceil(body.totalCount / body.pageSize));
	expect(body.hasMore).toBe(body.page * body.pageSize < body.totalCount);
	if (expected.page !== undefined) expect(body.page).toBe(expected.page);
	if (expected.pageSize !== undefined) expect(body.pageSize).toBe(expected.pageSize);
	if (expected.totalCount !== undefined) expect(body.totalCount).toBe(expected.totalCount);
}

export const FORBIDDEN = {
	permission: 'Insufficient permissions.',
	readOnly: 'Account is read-only.',
	warehouse: "Warehouse is outside the client's authorized scope.",
	report: 'Report access denied.',
};
