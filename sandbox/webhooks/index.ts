/**
 * The sandbox's webhook subsystem: /Webhook endpoints and signed deliveries to subscribers.
 *
 * Choices where the spec is silent (the README lists them):
 * - Attempts per event: 5 (the first and 4 retries), spaced 1 s, 2 s, 4 s, 8 s: the backoff base doubles
 *   after each failure. Retries run on the sandbox clock, so tests drive them with ManualClock.advance().
 * - Disabled by failures (disableType 1, active false): after 10 consecutive failed attempts, counted
 *   across events; pending retries are dropped. PUT with active true re-enables it (failureCount 0).
 * - Delivery timeout: 10 s of real time; no answer in time is a failure with statusCode 0, as are refused
 *   connections and TLS errors. Redirects are not followed (a 3xx is a failure).
 * - A failure is a non-2xx answer or no answer; errorMessage holds "HTTP <status> <text>: <start of body>"
 *   or the network error.
 * - Create answers 201 with { rec, secret }; a secret is generated (32 random bytes, hex) when none is sent.
 *   Update answers 200 with the read shape; delete answers 200 with { rec, deleted: true }.
 * - Update replaces everything sent and clears headers that are left out; only the secret is kept when omitted.
 *   active false (on create or update) means disabled manually (disableType 2).
 * - Test of an inactive subscription: 409 conflict "Subscription is not active.". A test delivery is logged
 *   (event "test", reference RecNo:<subscription rec>) but neither retried nor counted in failureCount.
 * - events: comma-separated resource.action types, spaces around them ignored; at least one.
 * - headers: string values; names the service sets (Content-Type, Content-Length, Host, X-Webhook-*, …)
 *   are refused with a validation_error naming headers.
 * - Delivery headers: Content-Type application/json, User-Agent InventoryPro-Webhooks/2, X-Webhook-Event,
 *   X-Webhook-Delivery (a UUID, the same for every attempt of one event), X-Webhook-Signature. The spec
 *   documents only the signature: the event and delivery headers are inventions, switchable (../inventions.ts).
 * - Payload: {"event": <type>, "data": <record>} for payloadMode 1, identifiers only for 2; other shapes
 *   (envelope fields, renamed keys, a batch) by the payloadShape invention. The test event keeps the spec's.
 * - failureDays: whole days since the last success, or since creation when nothing was delivered yet.
 * - The delivery log lists newest first unless sort or direction is given.
 */
import type { Inventions } from '../inventions';
import type { RouteId } from '../routes';
import type { DomainEvent, Handler, SandboxServices } from '../types';
import { webhookHandlers } from './handlers';
import { Sender } from './send';
import { WebhookService } from './service';

export { signature, USER_AGENT } from './send';
export { INACTIVE_MESSAGE, type LogEntry, type TestResult } from './service';
export type { SubscriptionView } from './subscription';

export interface WebhookOptions {
	/** Attempts per event including the first. */
	maxAttempts?: number;
	/** Delay before the first retry; doubled for each further one. */
	backoffBaseMs?: number;
	/** Consecutive failed attempts that disable the subscription (disableType 1). */
	disableAfterFailures?: number;
	/** Delivery timeout in real milliseconds. */
	timeoutMs?: number;
}

export const WEBHOOK_DEFAULTS: Required<WebhookOptions> = {
	maxAttempts: 5,
	backoffBaseMs: 1000,
	disableAfterFailures: 10,
	timeoutMs: 10_000,
};

export interface WebhookSubsystem {
	handlers: Partial<Record<RouteId, Handler>>;
	/** Delivers the event to every matching active subscription, of any client. */
	publish(event: DomainEvent): void;
	/** Resolves when no delivery is in flight; rethrows an internal error of a delivery, if any. */
	idle(): Promise<void>;
	/** Retries waiting for the clock. */
	pendingRetries(): number;
	/**
	 * Tests: each delivery's upload stops before its last byte until `until` resolves (the receiver has the
	 * request but not all of it, so it cannot answer: a moment to kill it in). Undefined: uploads whole.
	 */
	holdUploads(until: ((body: Buffer) => Promise<void>) | undefined): void;
	/** Tests: serve each delivery-log row through `served` (undefined: as stored). */
	logRows(served: ((row: Record<string, unknown>) => Record<string, unknown>) | undefined): void;
	close(): void;
}

function positive(name: string, value: number, min: number): number {
	if (!Number.isFinite(value) || value < min)
		throw new Error(`webhooks.${name} must be a number of at least ${min}`);
	return value;
}

export function createWebhookService(
	services: SandboxServices,
	options: WebhookOptions & {
		trustSelfSigned?: boolean;
		ca?: string[];
		/** Read at each disable: the Faults of the sandbox. */
		quirks?: { disableKeepsModified: boolean };
		/** Read at each delivery: headers and body shape. */
		inventions?: Readonly<Inventions>;
	} = {},
): WebhookSubsystem {
	const settings = { ...WEBHOOK_DEFAULTS, ...definedOnly(options) };
	positive('maxAttempts', settings.maxAttempts, 1);
	positive('backoffBaseMs', settings.backoffBaseMs, 0);
	positive('disableAfterFailures', settings.disableAfterFailures, 1);
	positive('timeoutMs', settings.timeoutMs, 1);
	const sender = new Sender({
		timeoutMs: settings.timeoutMs,
		trustSelfSigned: options.trustSelfSigned,
		ca: options.ca,
	});
	const service = new WebhookService(
		services.clock,
		settings,
		sender,
		options.quirks,
		options.inventions,
	);
	return {
		handlers: webhookHandlers(service),
		publish: (event) => service.publish(event),
		idle: async () => await service.idle(),
		pendingRetries: () => service.pendingRetries(),
		holdUploads: (until) => {
			sender.holdUpload = until;
		},
		logRows: (served) => {
			service.logRows = served;
		},
		close: () => service.close(),
	};
}

/** Options left undefined keep their defaults. */
function definedOnly(options: WebhookOptions): WebhookOptions {
	const result: WebhookOptions = {};
	for (const key of Object.keys(WEBHOOK_DEFAULTS) as (keyof WebhookOptions)[]) {
		if (options[key] !== undefined) result[key] = options[key];
	}
	return result;
}
