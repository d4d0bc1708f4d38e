/**
 * The sandbox: a local HTTPS implementation of the Inventory Pro v2 interface for tests, the benchmark
 * and the demo. See README.md here for its accounts, order of checks and the defaults it chose.
 */
import { API_PREFIX, type RouteId } from './routes';
import { TokenService } from './auth';
import { ClientRegistry, DEMO_CLIENTS } from './clients';
import { SystemClock, type Clock } from './clock';
import type { ErrorCode } from './errors';
import { Faults, type Fault, type FaultTarget } from './faults';
import { INVENTIONS, type Inventions } from './inventions';
import { RateLimiter } from './rateLimit';
import { createResources } from './resources';
import { seedStore } from './seed';
import { createRequestListener } from './server';
import { StatsRecorder, type RecordedRequest, type SandboxStats } from './stats';
import type { Store } from './store';
import { createCertificate, listenHttpsOnly, type Certificate } from './tls';
import type { ClientConfig, DomainEvent } from './types';
import { createWebhookService, type WebhookOptions, type WebhookSubsystem } from './webhooks';

export interface SandboxOptions {
	/** Default 0: a free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Default SystemClock; tests pass a ManualClock. */
	clock?: Clock;
	/** Per client, sliding 60 s window of the clock. Default 100 (spec, Limits). */
	rateLimitPerMinute?: number;
	/** Default DEMO_CLIENTS. */
	clients?: readonly ClientConfig[];
	/** Default about 1,050 items with seed 7. */
	seed?: { items?: number; seed?: number };
	/** Wall-clock delay before each answer, for the benchmark. Default 0. */
	latencyMs?: number;
	/** Endpoints that answer 501 not_implemented. */
	disabledEndpoints?: readonly RouteId[];
	/** Delivery settings of the webhook subsystem (attempts, backoff, disable threshold, timeout). */
	webhooks?: WebhookOptions;
	/** Deliveries may go to receivers with self-signed certificates (dev option). */
	trustSelfSigned?: boolean;
	/** Extra CA certificates (PEM) deliveries trust besides the public roots, e.g. a test receiver's. */
	webhookCa?: string[];
	/**
	 * The server's certificate. Default: a fresh self-signed one. Two sandboxes that one client must trust
	 * share one (a trust store holding two of them, alike in name, verifies only the first).
	 */
	certificate?: Certificate;
	/** What the sandbox makes up where the documents are silent, each switchable (inventions.ts). */
	inventions?: Partial<Inventions>;
}

export interface Sandbox {
	/** https://127.0.0.1:<port>/api/v2 */
	baseUrl: string;
	origin: string;
	port: number;
	/** PEM of the sandbox's self-signed certificate (generated at start): trust it as a CA. */
	ca: string;
	clock: Clock;
	stats: SandboxStats;
	/** What the sandbox received, newest last (capped at 10,000). */
	requests: RecordedRequest[];
	/** Events the writes published, newest last (capped at 10,000). */
	events: DomainEvent[];
	store: Store;
	clients: ClientConfig[];
	webhooks: WebhookSubsystem;
	resetStats(): void;
	addClient(client: ClientConfig): void;
	rotateSecret(clientId: string, newSecret: string): void;
	/** No new tokens from now on; existing ones work 60 more seconds of the clock. */
	disableClient(clientId: string): void;
	/** The next `times` requests to the endpoint fail with `code` (default internal_error). */
	failNext(endpointId: RouteId | 'token', code?: ErrorCode, times?: number): void;
	/** Lists answer rows with equal sort keys in a new random order per request (seeded); undefined: by id again. */
	shuffleTies(seed: number | undefined): void;
	/** Keeps a stored record (e.g. from store) out of every list until the clock reaches visibleAtMs. */
	hideUntil(record: object, visibleAtMs: number): void;
	/** Lists write created / modified without a zone (still UTC), like some deployments do. */
	zonelessStamps(on: boolean): void;
	/** A disable by failures leaves the subscription's `modified` unchanged (the default moves it); clearFaults() resets. */
	disableKeepsModified(on: boolean): void;
	/** The next `times` requests to the endpoint meet `fault` (redirects, odd Retry-After, slow answers, endless lists). */
	inject(target: FaultTarget, fault: Fault, times?: number): void;
	/** Drops every queued fault. */
	clearFaults(): void;
	/** The inventions in force (inventions.ts); read only, change them with invent(). */
	readonly inventions: Readonly<Inventions>;
	/** Switches inventions from now on; no argument restores the defaults. */
	invent(changes?: Partial<Inventions>): void;
	close(): Promise<void>;
}

const MAX_EVENTS = 10_000;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const clock = options.clock ?? new SystemClock();
	const host = options.host ?? '127.0.0.1';
	const store = seedStore(options.seed ?? {}, clock.now());
	const clients = new ClientRegistry(options.clients ?? DEMO_CLIENTS);
	const recorder = new StatsRecorder();
	const faults = new Faults();
	const limiter = new RateLimiter(options.rateLimitPerMinute ?? 100);
	const certificate = options.certificate ?? (await createCertificate(host));
	const events: DomainEvent[] = [];
	const inventions: Inventions = { ...INVENTIONS, ...options.inventions };

	const publish = (event: DomainEvent) => {
		events.push(event);
		if (events.length > MAX_EVENTS) events.shift();
		webhooks.publish(event);
	};
	const webhooks = createWebhookService(
		{ clock, events: { publish } },
		{
			...options.webhooks,
			trustSelfSigned: options.trustSelfSigned,
			ca: options.webhookCa,
			quirks: faults,
			inventions,
		},
	);
	const resources = createResources({ store, clock, publish, inventions });
	const listener = createRequestListener({
		clock,
		store,
		tokens: new TokenService(clients, clock),
		limiter,
		faults,
		recorder,
		handlers: { ...resources.handlers, ...webhooks.handlers },
		lists: resources.lists,
		disabledEndpoints: new Set(options.disabledEndpoints ?? []),
		latencyMs: options.latencyMs ?? 0,
	});
	const server = await listenHttpsOnly(listener, certificate, options.port ?? 0, host);
	const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
	const origin = `https://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${server.port}`;

	return {
		baseUrl: origin + API_PREFIX,
		origin,
		port: server.port,
		ca: certificate.cert,
		clock,
		stats: recorder.stats,
		requests: recorder.requests,
		events,
		store,
		get clients() {
			return clients.list();
		},
		webhooks,
		resetStats: () => {
			recorder.reset();
			limiter.reset();
		},
		addClient: (client) => clients.add(client),
		rotateSecret: (clientId, newSecret) => clients.rotateSecret(clientId, newSecret),
		disableClient: (clientId) => clients.disable(clientId, clock.now()),
		failNext: (endpointId, code, times) => faults.add(endpointId, code, times),
		shuffleTies: (seed) => faults.shuffleTies(seed),
		hideUntil: (record, visibleAtMs) => faults.hideUntil(record, visibleAtMs),
		zonelessStamps: (on) => {
			faults.zonelessStamps = on;
		},
		disableKeepsModified: (on) => {
			faults.disableKeepsModified = on;
		},
		inject: (target, fault, times) => faults.inject(target, fault, times),
		clearFaults: () => faults.clear(),
		inventions,
		invent: (changes) => {
			Object.assign(inventions, changes ?? INVENTIONS);
		},
		close: async () => {
			webhooks.close();
			await server.close();
		},
	};
}

export {
	ALL_SECURITY_IDS,
	DEMO_CLIENT,
	DEMO_CLIENTS,
	DEMO_SECRET,
	READ_SECURITY_IDS,
} from './clients';
export { ManualClock, SystemClock, type Clock } from './clock';
export { createCertificate, type Certificate as SandboxCertificate } from './tls';
export type { ErrorCode } from './errors';
export type { Fault, FaultTarget } from './faults';
export { INVENTIONS, type Inventions, type PayloadShape } from './inventions';
export { startCatcher, type Catcher, type CaughtRequest } from './catcher';
export type { RecordedRequest, SandboxStats } from './stats';
export type { ClientConfig, DomainEvent } from './types';
export type { WebhookOptions } from './webhooks';
export type { Store } from './store';
