/**
 * A sandbox on a ManualClock for the webhook contract tests, called over real HTTPS by endpoint id:
 * method and path come from the endpoint table, tokens from POST /Token (fetched again after a 401,
 * since tests move the clock by days).
 */
import { fillPlaceholders as fillPath } from '../../nodes/shared/validation';
import { ROUTES, type RouteId } from '../../sandbox/routes';
import {
	ALL_SECURITY_IDS,
	DEMO_CLIENTS,
	ManualClock,
	startSandbox,
	type Sandbox,
} from '../../sandbox';
import type { DomainEvent } from '../../sandbox/types';
import type { WebhookOptions, WebhookSubsystem } from '../../sandbox/webhooks';
import { DEMO, SandboxClient, type Credentials, type JsonObject } from '../support/sandboxClient';

/** T: the answer's shape as the caller knows it (a list: `Page<…>` from sandbox/lists). */
export interface Answer<T = JsonObject> {
	status: number;
	body: T;
	/** Names lower-cased, as Node delivers them. */
	headers: Record<string, string | string[] | undefined>;
}

export interface CallOptions {
	/** demo (default), other (a second client with every Security ID), readonly or limited (no 370). */
	client?: string;
	rec?: number | string;
	query?: Record<string, string | number>;
	body?: unknown;
}

export interface HarnessOptions extends WebhookOptions {
	trustSelfSigned?: boolean;
	ca?: string[];
}

const OTHER: Credentials = { clientId: 'other', clientSecret: 'other-secret' };

const credentialsOf = (clientId: string): Credentials => {
	if (clientId === 'demo') return DEMO;
	if (clientId === 'other') return OTHER;
	const known = DEMO_CLIENTS.find((client) => client.clientId === clientId);
	if (!known) throw new Error(`Unknown test client ${clientId}`);
	return { clientId, clientSecret: known.clientSecret };
};

export class SandboxHarness {
	private readonly clients = new Map<string, SandboxClient>();

	private constructor(
		readonly sandbox: Sandbox,
		readonly clock: ManualClock,
	) {}

	static async start(options: HarnessOptions = {}): Promise<SandboxHarness> {
		const { trustSelfSigned, ca, ...webhooks } = options;
		const clock = new ManualClock();
		const sandbox = await startSandbox({
			clock,
			clients: [...DEMO_CLIENTS, { ...OTHER, securityIds: ALL_SECURITY_IDS }],
			seed: { items: 30 },
			// The tests here are about webhooks, not the rate limit.
			rateLimitPerMinute: 100_000,
			webhooks,
			trustSelfSigned,
			webhookCa: ca,
		});
		return new SandboxHarness(sandbox, clock);
	}

	get webhooks(): WebhookSubsystem {
		return this.sandbox.webhooks;
	}

	client(clientId = 'demo'): SandboxClient {
		let client = this.clients.get(clientId);
		if (!client)
			this.clients.set(
				clientId,
				(client = new SandboxClient(this.sandbox, credentialsOf(clientId))),
			);
		return client;
	}

	/** Calls the endpoint with the method and path of its table row. */
	async call<T = JsonObject>(id: RouteId, options: CallOptions = {}): Promise<Answer<T>> {
		const row = ROUTES[id];
		const path = fillPath(row.path, options.rec === undefined ? {} : { rec: options.rec });
		const client = this.client(options.client);
		const send = () =>
			client.request<T>(row.method, path, { query: options.query, body: options.body });
		let response = await send();
		if (response.status === 401) {
			client.forgetToken();
			response = await send();
		}
		return { status: response.status, body: response.body, headers: response.headers };
	}

	/** Hands an event to the webhook subsystem as a sandbox write would. */
	publish(event: DomainEvent): void {
		this.sandbox.webhooks.publish(event);
	}

	async close(): Promise<void> {
		await this.sandbox.close();
	}
}
