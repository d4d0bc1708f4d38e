/**
 * Subscriptions, their delivery logs, and delivery itself: matching events, signing, retrying with
 * exponential backoff on the injected clock, and disabling a subscription after repeated failures.
 */
import { randomUUID } from 'crypto';

import type { Clock } from '../clock';
import { toIso } from '../dates';
import { deliveryBody, INVENTIONS, type Inventions } from '../inventions';
import { conflict, notFound } from '../errors';
import type { DomainEvent } from '../types';
import { textOf } from '../validate';
import { signature, USER_AGENT, type AttemptResult, type Sender } from './send';
import {
	eventTypes,
	generateSecret,
	type Subscription,
	type SubscriptionInput,
} from './subscription';

export interface DeliverySettings {
	maxAttempts: number;
	backoffBaseMs: number;
	disableAfterFailures: number;
}

/** Spec, Webhook delivery log entry. */
export interface LogEntry {
	rec: number;
	event: string;
	reference: string;
	statusCode: number;
	success: boolean;
	attempt: number;
	duration: number;
	errorMessage: string | null;
	payloadSize: number;
	created: string;
}

/** Spec, Webhook test result. */
export interface TestResult {
	success: boolean;
	statusCode: number;
	duration: number;
	errorMessage: string | null;
	payload: string;
}

/** One event on its way to one subscription; retries reuse the body and the delivery id. */
interface Job {
	sub: Subscription;
	event: string;
	reference: string;
	body: Buffer;
	deliveryId: string;
	attempt: number;
	/** Test deliveries are logged but neither retried nor counted as failures. */
	test: boolean;
}

export const INACTIVE_MESSAGE = 'Subscription is not active.';

export class WebhookService {
	private readonly subs = new Map<number, Subscription>();
	private readonly logs = new Map<number, LogEntry[]>();
	/** Tests: each delivery-log row as served (another deployment's spelling or values). */
	logRows: ((row: Record<string, unknown>) => Record<string, unknown>) | undefined;
	/** Cancel functions of scheduled retries, per subscription. */
	private readonly retries = new Map<number, Set<() => void>>();
	private readonly inFlight = new Set<Promise<void>>();
	private readonly errors: unknown[] = [];
	private nextRec = 1;
	private nextLogRec = 1;
	private closed = false;

	constructor(
		private readonly clock: Clock,
		private readonly settings: DeliverySettings,
		private readonly sender: Sender,
		private readonly quirks: { disableKeepsModified: boolean } = { disableKeepsModified: false },
		private readonly inventions: Readonly<Inventions> = INVENTIONS,
	) {}

	create(clientId: string, input: SubscriptionInput, now: number): Subscription {
		const sub: Subscription = {
			rec: this.nextRec++,
			clientId,
			name: input.name,
			url: input.url,
			events: input.events,
			payloadMode: input.payloadMode,
			active: input.active,
			// Created inactive counts as disabled manually: only failures set 1.
			disableType: input.active ? 0 : 2,
			failureCount: 0,
			lastSuccess: null,
			lastFailure: null,
			lastError: null,
			created: now,
			modified: now,
			secret: input.secret ?? generateSecret(),
			headers: input.headers,
		};
		this.subs.set(sub.rec, sub);
		this.logs.set(sub.rec, []);
		return sub;
	}

	/** The client's own subscription, or 404 (a foreign one is indistinguishable from a missing one). */
	find(clientId: string, rec: number): Subscription {
		const sub = this.subs.get(rec);
		if (!sub || sub.clientId !== clientId) throw notFound(`Webhook subscription ${rec}`);
		return sub;
	}

	list(clientId: string): Subscription[] {
		return [...this.subs.values()].filter((sub) => sub.clientId === clientId);
	}

	/** Whole replace; the secret only when a new one is sent. active true re-enables, false disables manually. */
	update(sub: Subscription, input: SubscriptionInput, now: number): void {
		sub.name = input.name;
		sub.url = input.url;
		sub.events = input.events;
		sub.payloadMode = input.payloadMode;
		sub.headers = input.headers;
		if (input.secret !== undefined) sub.secret = input.secret;
		if (input.active && !sub.active) {
			sub.active = true;
			sub.disableType = 0;
			sub.failureCount = 0;
		} else if (!input.active) {
			this.disable(sub, 2, now);
		}
		sub.modified = now;
	}

	/** Removes the subscription, its log and its pending retries. */
	remove(sub: Subscription): void {
		this.cancelRetries(sub.rec);
		this.subs.delete(sub.rec);
		this.logs.delete(sub.rec);
	}

	log(sub: Subscription): readonly LogEntry[] {
		return this.logs.get(sub.rec) ?? [];
	}

	/** Sends {"event":"test","data":{…}} once, waits for the receiver and reports the outcome. */
	async test(sub: Subscription): Promise<TestResult> {
		if (!sub.active) throw conflict(INACTIVE_MESSAGE);
		const now = this.clock.now();
		const payload = JSON.stringify({
			event: 'test',
			data: {
				rec: sub.rec,
				name: sub.name,
				message: 'Test delivery from the Inventory Pro sandbox.',
				sent: toIso(now),
			},
		});
		const job: Job = {
			sub,
			event: 'test',
			reference: `RecNo:${sub.rec}`,
			body: Buffer.from(payload, 'utf8'),
			deliveryId: randomUUID(),
			attempt: 1,
			test: true,
		};
		const result = await this.track(this.run(job));
		return {
			...(result ?? { success: false, statusCode: 0, duration: 0, errorMessage: 'Not sent.' }),
			payload,
		};
	}

	/** Starts a delivery to every active subscription (of any client) that lists the event type. */
	publish(event: DomainEvent): void {
		if (this.closed) return;
		for (const sub of this.subs.values()) {
			if (!sub.active || !eventTypes(sub.events).includes(event.event)) continue;
			const data = sub.payloadMode === 1 ? event.data : event.ids;
			const deliveryId = randomUUID();
			const body = deliveryBody(this.inventions.payloadShape, event.event, data, {
				id: deliveryId,
				created: toIso(this.clock.now()),
			});
			this.start({
				sub,
				event: event.event,
				reference: event.reference,
				body: Buffer.from(JSON.stringify(body), 'utf8'),
				deliveryId,
				attempt: 1,
				test: false,
			});
		}
	}

	/** Resolves once no delivery is in flight (scheduled retries wait for the clock and do not count). */
	async idle(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
		const error = this.errors.shift();
		if (error !== undefined) throw error instanceof Error ? error : new Error(textOf(error));
	}

	/** Number of retries waiting for the clock. */
	pendingRetries(): number {
		let count = 0;
		for (const set of this.retries.values()) count += set.size;
		return count;
	}

	close(): void {
		this.closed = true;
		for (const rec of [...this.retries.keys()]) this.cancelRetries(rec);
		this.sender.close();
	}

	private start(job: Job): void {
		void this.track(this.run(job));
	}

	/** Keeps the promise in inFlight until it settles; a bug in bookkeeping surfaces from idle(). */
	private track<T>(promise: Promise<T>): Promise<T | undefined> {
		const tracked = promise.then(
			(value) => value,
			(error: unknown) => {
				this.errors.push(error);
				return undefined;
			},
		);
		const done = tracked.then(() => undefined);
		this.inFlight.add(done);
		void done.then(() => this.inFlight.delete(done));
		return tracked;
	}

	private async run(job: Job): Promise<AttemptResult | undefined> {
		const { sub } = job;
		if (this.closed || this.subs.get(sub.rec) !== sub || !sub.active) return undefined;
		const at = this.clock.now();
		// Custom headers first: the service's own headers are set last and cannot be shadowed.
		const headers: Record<string, string> = {
			'User-Agent': USER_AGENT,
			...sub.headers,
			'Content-Type': 'application/json',
		};
		if (this.inventions.eventHeader) headers['X-Webhook-Event'] = job.event;
		if (this.inventions.deliveryId) headers['X-Webhook-Delivery'] = job.deliveryId;
		headers['X-Webhook-Signature'] = signature(sub.secret, job.body);
		const result = await this.sender.post(sub.url, headers, job.body);
		this.record(job, result, at);
		return result;
	}

	private record(job: Job, result: AttemptResult, at: number): void {
		const { sub } = job;
		// Deleted while the request was under way: its log is gone with it.
		if (this.subs.get(sub.rec) !== sub) return;
		this.logs.get(sub.rec)?.push({
			rec: this.nextLogRec++,
			event: job.event,
			reference: job.reference,
			statusCode: result.statusCode,
			success: result.success,
			attempt: job.attempt,
			duration: result.duration,
			errorMessage: result.errorMessage,
			payloadSize: job.body.length,
			created: toIso(at),
		});
		if (job.test) return;
		if (result.success) {
			sub.failureCount = 0;
			sub.lastSuccess = at;
			return;
		}
		sub.failureCount++;
		sub.lastFailure = at;
		sub.lastError = result.errorMessage;
		if (!sub.active || this.closed) return;
		if (sub.failureCount >= this.settings.disableAfterFailures) {
			this.disable(sub, 1, this.clock.now());
			return;
		}
		if (job.attempt < this.settings.maxAttempts) this.scheduleRetry(job);
	}

	private scheduleRetry(job: Job): void {
		const delay = this.settings.backoffBaseMs * 2 ** (job.attempt - 1);
		const pending = this.retries.get(job.sub.rec) ?? new Set<() => void>();
		this.retries.set(job.sub.rec, pending);
		const cancel = this.clock.schedule(this.clock.now() + delay, () => {
			pending.delete(cancel);
			this.start({ ...job, attempt: job.attempt + 1 });
		});
		pending.add(cancel);
	}

	private disable(sub: Subscription, type: 1 | 2, now: number): void {
		sub.active = false;
		sub.disableType = type;
		if (type === 2 || !this.quirks.disableKeepsModified) sub.modified = now;
		this.cancelRetries(sub.rec);
	}

	private cancelRetries(rec: number): void {
		const pending = this.retries.get(rec);
		if (!pending) return;
		for (const cancel of pending) cancel();
		this.retries.delete(rec);
	}
}
