/** Contract of the /Webhook endpoints: subscriptions, ownership, validation, read shape and paging. */
import type { Page } from '../../sandbox/lists';
import type { SubscriptionView } from '../../sandbox/webhooks/subscription';
import type { ErrorEnvelope, ValidationEnvelope } from './helpers';
import { SandboxHarness } from './webhooksHarness';

const READ_SHAPE = [
	'rec',
	'name',
	'url',
	'events',
	'payloadMode',
	'active',
	'disableType',
	'failureCount',
	'failureDays',
	'lastSuccess',
	'lastFailure',
	'lastError',
	'created',
	'modified',
];

const body = (overrides: Record<string, unknown> = {}) => ({
	name: 'Stock feed',
	url: 'https://hooks.example.com/inventory',
	events: 'inventory.received,item.created',
	payloadMode: 1,
	active: true,
	...overrides,
});

let api: SandboxHarness;

beforeEach(async () => {
	api = await SandboxHarness.start();
});

afterEach(async () => await api.close());

async function create(overrides: Record<string, unknown> = {}, client = 'demo') {
	const answer = await api.call('webhook.create', { client, body: body(overrides) });
	expect(answer.status).toBe(201);
	return answer.body as { rec: number; secret: string };
}

describe('POST /Webhook', () => {
	it('answers 201 with rec and a generated 32-byte hex secret, and nothing else', async () => {
		const answer = await api.call('webhook.create', { body: body() });
		expect(answer.status).toBe(201);
		expect(Object.keys(answer.body).sort()).toEqual(['rec', 'secret']);
		expect(answer.body.rec).toBe(1);
		expect(answer.body.secret).toMatch(/^[0-9a-f]{64}$/);
		const second = await create();
		expect(second.rec).toBe(2);
		expect(second.secret).not.toBe(answer.body.secret);
	});

	it('keeps a secret the client sends, and the sandbox does not record it', async () => {
		const { secret } = await create({ secret: 'my-own-signing-secret' });
		expect(secret).toBe('my-own-signing-secret');
		expect(api.sandbox.requests.some((r) => r.endpointId === 'webhook.create')).toBe(true);
		expect(JSON.stringify(api.sandbox.requests)).not.toContain('my-own-signing-secret');
	});

	it('names every missing required field in validation_error details', async () => {
		const answer = await api.call<ValidationEnvelope>('webhook.create', { body: {} });
		expect(answer.status).toBe(400);
		expect(answer.body).toMatchObject({
			statusCode: 400,
			error: 'validation_error',
			message: 'Model validation failed.',
		});
		expect(Object.keys(answer.body.details).sort()).toEqual([
			'active',
			'events',
			'name',
			'payloadMode',
			'url',
		]);
		expect(answer.body.details.url).toEqual(['The url field is required.']);
	});

	it.each([
		['url', { url: 'http://hooks.example.com/inventory' }, 'The url field must use HTTPS.'],
		['url', { url: 'hooks.example.com/inventory' }, 'The url field must be an absolute HTTPS URL.'],
		['events', { events: ' , ' }, 'The events field must name at least one event type.'],
		['events', { events: 'inventory.received,inventory' }, '"inventory" is not one'],
		['payloadMode', { payloadMode: 3 }, 'The payloadMode field must be one of: 1, 2.'],
		['payloadMode', { payloadMode: '1' }, 'The payloadMode field must be a whole number.'],
		['active', { active: 'yes' }, 'The active field must be true or false.'],
		['secret', { secret: '  ' }, 'The secret field must not be empty'],
		['headers', { headers: ['X-A'] }, 'The headers field must be a JSON object.'],
		[
			'headers',
			{ headers: { 'X-Webhook-Signature': 'forged' } },
			'cannot set "X-Webhook-Signature"',
		],
		['headers', { headers: { 'content-type': 'text/plain' } }, 'cannot set "content-type"'],
		['headers', { headers: { 'Bad Name': 'x' } }, 'invalid header name "Bad Name"'],
		['headers', { headers: { 'X-Team': 5 } }, 'value of "X-Team" must be a string'],
		['headers', { headers: { 'X-Team': 'a\r\nX-Injected: 1' } }, 'contains a line break'],
	])('refuses a bad %s (%j) with details naming it', async (field, overrides, message) => {
		const answer = await api.call<ValidationEnvelope>('webhook.create', { body: body(overrides) });
		expect(answer.status).toBe(400);
		expect(answer.body.error).toBe('validation_error');
		expect(Object.keys(answer.body.details)).toEqual([field]);
		expect(answer.body.details[field].join(' ')).toContain(message);
		expect((await api.call<Page<SubscriptionView>>('webhook.list')).body.totalCount).toBe(0);
	});

	it('reports the problems of several fields together', async () => {
		const answer = await api.call('webhook.create', {
			body: body({ url: 'http://x.example.com', events: ' , ' }),
		});
		expect(answer.status).toBe(400);
		expect(answer.body.details).toEqual({
			url: ['The url field must use HTTPS.'],
			events: ['The events field must name at least one event type.'],
		});
	});

	it('answers 400 bad_request to a body that is not a JSON object', async () => {
		const answer = await api.call('webhook.create', { body: [body()] });
		expect(answer.status).toBe(400);
		expect(answer.body).toMatchObject({ error: 'bad_request', details: null });
	});
});

describe('access', () => {
	it('needs Security ID 370: a client without it gets 403 on every webhook endpoint', async () => {
		const { rec } = await create();
		for (const [id, sent] of [
			['webhook.list'],
			['webhook.get'],
			['webhook.create', body()],
			['webhook.log'],
		] as const) {
			const answer = await api.call(id, { client: 'limited', rec, body: sent });
			expect(answer.status).toBe(403);
			expect(answer.body).toMatchObject({
				error: 'forbidden',
				message: 'Insufficient permissions.',
			});
		}
	});

	it('a read-only account may list but not create', async () => {
		expect(
			(await api.call<Page<SubscriptionView>>('webhook.list', { client: 'readonly' })).status,
		).toBe(200);
		const answer = await api.call('webhook.create', { client: 'readonly', body: body() });
		expect(answer.status).toBe(403);
		expect(answer.body.message).toBe('Account is read-only.');
	});

	it('answers 401 without a token', async () => {
		const answer = await api.client().get('/Webhook', undefined, { token: null });
		expect(answer.status).toBe(401);
		expect(answer.body.error).toBe('unauthorized');
	});
});

describe('GET /Webhook/{rec}', () => {
	it('serves exactly the spec read shape, never secret or headers', async () => {
		const { rec, secret } = await create({ secret: 's3cr3t-value', headers: { 'X-Team': 'ops' } });
		const answer = await api.call('webhook.get', { rec });
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body)).toEqual(READ_SHAPE);
		expect(answer.body).toEqual({
			rec,
			name: 'Stock feed',
			url: 'https://hooks.example.com/inventory',
			events: 'inventory.received,item.created',
			payloadMode: 1,
			active: true,
			disableType: 0,
			failureCount: 0,
			failureDays: 0,
			lastSuccess: null,
			lastFailure: null,
			lastError: null,
			created: '2026-01-05T08:00:00.000Z',
			modified: '2026-01-05T08:00:00.000Z',
		});
		expect(JSON.stringify(answer.body)).not.toContain(secret);
		expect(JSON.stringify(answer.body)).not.toContain('X-Team');
	});

	it('counts failureDays in whole days since creation while nothing was delivered', async () => {
		const { rec } = await create();
		api.clock.advance(3 * 86_400_000 - 1);
		expect((await api.call('webhook.get', { rec })).body.failureDays).toBe(2);
		api.clock.advance(1);
		expect((await api.call('webhook.get', { rec })).body.failureDays).toBe(3);
	});

	it('treats a created-inactive subscription as disabled manually', async () => {
		const { rec } = await create({ active: false });
		expect((await api.call('webhook.get', { rec })).body).toMatchObject({
			active: false,
			disableType: 2,
		});
	});
});

describe('ownership', () => {
	const calls = [
		['webhook.get', undefined],
		['webhook.update', body()],
		['webhook.delete', undefined],
		['webhook.test', undefined],
		['webhook.log', undefined],
	] as const;

	it.each(calls)(
		"%s of another client's subscription is 404 not_found, and leaves it alone",
		async (id, sent) => {
			const { rec } = await create({}, 'other');
			const answer = await api.call(id, { rec, body: sent });
			expect(answer.status).toBe(404);
			expect(answer.body).toEqual({
				statusCode: 404,
				error: 'not_found',
				message: `Webhook subscription ${rec} was not found.`,
				details: null,
			});
			const own = await api.call('webhook.get', { client: 'other', rec });
			expect(own.status).toBe(200);
			expect(own.body.name).toBe('Stock feed');
		},
	);

	it.each(calls)('%s of an unknown or malformed rec is 404 not_found', async (id, sent) => {
		for (const rec of [99, 'abc', '1.5']) {
			const answer = await api.call(id, { rec, body: sent });
			expect(answer.status).toBe(404);
			expect(answer.body.error).toBe('not_found');
		}
	});

	it('lists only the caller’s subscriptions', async () => {
		await create({ name: 'mine 1' });
		await create({ name: 'theirs' }, 'other');
		await create({ name: 'mine 2' });
		const answer = await api.call<Page<SubscriptionView>>('webhook.list');
		expect(answer.body.value.map((s: { name: string }) => s.name)).toEqual(['mine 1', 'mine 2']);
		expect(answer.body.totalCount).toBe(2);
		const theirs = await api.call<Page<SubscriptionView>>('webhook.list', { client: 'other' });
		expect(theirs.body.value.map((s: { name: string }) => s.name)).toEqual(['theirs']);
	});
});

describe('GET /Webhook', () => {
	it('pages with the envelope and X- headers, read shape only', async () => {
		const secrets: string[] = [];
		for (let i = 1; i <= 5; i++)
			secrets.push((await create({ name: `hook ${i}`, headers: { 'X-N': `${i}` } })).secret);
		const first = await api.call<Page<SubscriptionView>>('webhook.list', {
			query: { pageSize: 2 },
		});
		expect(first.status).toBe(200);
		expect(first.body).toMatchObject({
			totalCount: 5,
			page: 1,
			pageSize: 2,
			pageCount: 3,
			hasMore: true,
		});
		expect(first.body.value.map((s: { rec: number }) => s.rec)).toEqual([1, 2]);
		expect(first.headers).toMatchObject({
			'x-total-count': '5',
			'x-page-size': '2',
			'x-page': '1',
			'x-api-version': 'v2',
		});
		for (const entry of first.body.value) expect(Object.keys(entry)).toEqual(READ_SHAPE);

		const last = await api.call<Page<SubscriptionView>>('webhook.list', {
			query: { page: 3, pageSize: 2 },
		});
		expect(last.body).toMatchObject({ page: 3, pageCount: 3, hasMore: false });
		expect(last.body.value.map((s: { rec: number }) => s.rec)).toEqual([5]);
		expect(last.headers['x-page']).toBe('3');

		const all = JSON.stringify(
			(await api.call<Page<SubscriptionView>>('webhook.list', { query: { pageSize: 250 } })).body,
		);
		for (const secret of secrets) expect(all).not.toContain(secret);
		expect(all).not.toContain('X-N');
	});

	it('sorts by name descending, caps pageSize at 250 and rejects unknown columns', async () => {
		for (const name of ['bravo', 'alpha', 'charlie']) await create({ name });
		const sorted = await api.call<Page<SubscriptionView>>('webhook.list', {
			query: { sort: 'name', direction: 'desc', pageSize: 1000 },
		});
		expect(sorted.body.value.map((s: { name: string }) => s.name)).toEqual([
			'charlie',
			'bravo',
			'alpha',
		]);
		expect(sorted.body.pageSize).toBe(250);
		const bad = await api.call('webhook.list', { query: { sort: 'secret' } });
		expect(bad.status).toBe(400);
		expect(bad.body).toMatchObject({
			error: 'bad_request',
			message: 'Invalid sort column or direction.',
		});
		const badPage = await api.call<ErrorEnvelope>('webhook.list', { query: { page: 0 } });
		expect(badPage.status).toBe(400);
		expect(badPage.body.message).toBe('The page parameter must be a whole number of 1 or more.');
	});
});

describe('PUT /Webhook/{rec}', () => {
	it('replaces the subscription and answers its read shape', async () => {
		const { rec } = await create();
		api.clock.advance(60_000);
		const answer = await api.call('webhook.update', {
			rec,
			body: body({
				name: 'Renamed',
				url: 'https://other.example.com/x',
				events: 'order.created',
				payloadMode: 2,
			}),
		});
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body)).toEqual(READ_SHAPE);
		expect(answer.body).toMatchObject({
			rec,
			name: 'Renamed',
			url: 'https://other.example.com/x',
			events: 'order.created',
			payloadMode: 2,
			active: true,
			created: '2026-01-05T08:00:00.000Z',
			modified: '2026-01-05T08:01:00.000Z',
		});
		expect((await api.call('webhook.get', { rec })).body).toEqual(answer.body);
	});

	it('needs every required field again (whole replace)', async () => {
		const { rec } = await create();
		const answer = await api.call<ValidationEnvelope>('webhook.update', {
			rec,
			body: { name: 'Only a name' },
		});
		expect(answer.status).toBe(400);
		expect(Object.keys(answer.body.details).sort()).toEqual([
			'active',
			'events',
			'payloadMode',
			'url',
		]);
		expect((await api.call('webhook.get', { rec })).body.name).toBe('Stock feed');
	});

	it('active false disables manually (2); active true enables again (0)', async () => {
		const { rec } = await create();
		const off = await api.call('webhook.update', { rec, body: body({ active: false }) });
		expect(off.body).toMatchObject({ active: false, disableType: 2 });
		const on = await api.call('webhook.update', { rec, body: body({ active: true }) });
		expect(on.body).toMatchObject({ active: true, disableType: 0, failureCount: 0 });
	});

	it('never answers with the secret, sent or not', async () => {
		const { rec } = await create();
		const answer = await api.call('webhook.update', {
			rec,
			body: body({ secret: 'brand-new-secret' }),
		});
		expect(answer.status).toBe(200);
		expect(JSON.stringify(answer.body)).not.toContain('brand-new-secret');
	});
});

describe('DELETE /Webhook/{rec}', () => {
	it('answers 200, and the subscription and its log are gone', async () => {
		const { rec } = await create();
		const keep = await create({ name: 'keep' });
		const answer = await api.call('webhook.delete', { rec });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ rec, deleted: true });
		expect((await api.call('webhook.get', { rec })).status).toBe(404);
		expect((await api.call('webhook.log', { rec })).status).toBe(404);
		expect((await api.call('webhook.delete', { rec })).status).toBe(404);
		const list = await api.call<Page<SubscriptionView>>('webhook.list');
		expect(list.body.value.map((s: { rec: number }) => s.rec)).toEqual([keep.rec]);
	});
});

describe('POST /Webhook/{rec}/test', () => {
	it('answers 409 conflict for an inactive subscription, without sending anything', async () => {
		const { rec } = await create({ active: false });
		const answer = await api.call('webhook.test', { rec });
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual({
			statusCode: 409,
			error: 'conflict',
			message: 'Subscription is not active.',
			details: null,
		});
		expect((await api.call('webhook.log', { rec })).body.totalCount).toBe(0);
	});
});
