/**
 * What the sandbox has to make up where neither the spec nor the vendor's pages show the service, and
 * the one documented list rule a deployment might not follow. Each is switchable (the `inventions`
 * option, `sandbox.invent()` at run time), so the suites can run the trigger both ways: with the
 * sandbox's guess, and without it, as a real deployment may be.
 */

/** Delivery bodies the sandbox can send (the spec shows only the test event's `{event, data}`). */
export type PayloadShape =
	/** `{"event": …, "data": …}`, as the spec's test event. */
	| 'spec'
	/** The same with envelope fields around it: `{"id", "event", "created", "apiVersion", "data"}`. */
	| 'envelope'
	/** The event type under another key and other casing: `{"eventType": …, "Payload": …}`. */
	| 'renamed'
	/** A batch: an array holding the event. */
	| 'batch';

export interface Inventions {
	/**
	 * MaterialIn / MaterialOut records carry `type` (Receipt, Move, Issue): no document shows the field or its
	 * values. Off: records are served without it (lists, write answers, event payloads). Default on.
	 */
	movementType: boolean;
	/** Deliveries carry X-Webhook-Delivery, one id per event kept across its attempts (not documented). Default on. */
	deliveryId: boolean;
	/** Deliveries carry X-Webhook-Event with the event type (not documented). Default on. */
	eventHeader: boolean;
	/** The body of every delivery but the test event (which keeps the spec's shape). Default 'spec'. */
	payloadShape: PayloadShape;
	/**
	 * The delivery log's reference of order events: `number` (RecNo:<n>, the spec's form, n = the order
	 * number's trailing digits) or `key` (RecNo:<poNo>, a deployment whose reference names the order). Default 'number'.
	 */
	orderReference: 'number' | 'key';
	/**
	 * GET /PurchaseOrder lists closed orders too. The vendor documents open orders only (the default, off);
	 * on, for a deployment that lists every order.
	 */
	closedPurchaseOrders: boolean;
}

export const INVENTIONS: Readonly<Inventions> = {
	movementType: true,
	deliveryId: true,
	eventHeader: true,
	payloadShape: 'spec',
	orderReference: 'number',
	closedPurchaseOrders: false,
};

/** The delivery body of one event in the chosen shape (`id` and `created` only where the shape has them). */
export function deliveryBody(
	shape: PayloadShape,
	event: string,
	data: unknown,
	extra: { id: string; created: string },
): unknown {
	switch (shape) {
		case 'spec':
			return { event, data };
		case 'envelope':
			return { id: extra.id, event, created: extra.created, apiVersion: 'v2', data };
		case 'renamed':
			return { eventType: event, Payload: data };
		case 'batch':
			return [{ event, data }];
	}
}
