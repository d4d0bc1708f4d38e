import type { Clock } from './clock';
import type { RouteId } from './routes';

/** An API client (integration user) of the sandbox. */
export interface ClientConfig {
	clientId: string;
	clientSecret: string;
	/** Security IDs of the user's group. */
	securityIds: number[];
	/** Read-only accounts get 403 on every POST, PUT and DELETE. */
	readOnly?: boolean;
	/** Warehouses the client may write to; undefined means all. */
	warehouses?: number[];
	/** Reports the group may run; undefined means all. */
	reports?: number[];
	disabled?: boolean;
}

/** What a handler sees of one authenticated request. */
export interface RequestContext {
	endpointId: RouteId;
	client: ClientConfig;
	pathParams: Record<string, string>;
	query: URLSearchParams;
	body: unknown;
	now: number;
}

export interface HandlerResult {
	status?: number;
	body: unknown;
	headers?: Record<string, string>;
}

export type Handler = (req: RequestContext) => HandlerResult | Promise<HandlerResult>;

/** A change a write made, for webhook subscribers. `ids` is the identifiers-only payload (payloadMode 2). */
export interface DomainEvent {
	event: string;
	data: Record<string, unknown>;
	ids: Record<string, unknown>;
	/** Reference for the delivery log, in the spec's form RecNo:<number>. */
	reference: string;
}

export interface EventSink {
	publish(event: DomainEvent): void;
}

export interface SandboxServices {
	clock: Clock;
	events: EventSink;
}
