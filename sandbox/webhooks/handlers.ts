/**
 * The /Webhook endpoints. The server has already checked the token, Security ID 370, read-only
 * accounts and the rate limit; these handlers do ownership (404 for anything not the caller's),
 * validation and the rest.
 */
import { DEFAULT_PAGE_SIZE, ROUTES, type RouteId, type ListSpec } from '../routes';
import { pageOf, pagingHeaders, parseListQuery, resolveSort, sortRows, type Page } from '../lists';
import { created, ok, recordNo } from '../resources/context';
import type { Handler, HandlerResult, RequestContext } from '../types';
import type { WebhookService } from './service';
import { parseSubscriptionBody, view } from './subscription';

const owned = (service: WebhookService, ctx: RequestContext) =>
	service.find(ctx.client.clientId, recordNo(ctx, 'rec', 'Webhook subscription'));

/**
 * Sorts and pages rows by the table's list rules. `newestFirst` makes the default order rec
 * descending (the delivery log) when the request names neither sort nor direction.
 */
function paged(
	spec: ListSpec,
	ctx: RequestContext,
	rows: readonly object[],
	newestFirst = false,
	alias: Record<string, string> = {},
): HandlerResult {
	const query = parseListQuery(spec, ctx.query, DEFAULT_PAGE_SIZE);
	const sort = resolveSort(spec.sort as readonly string[], query.sort, spec.defaultSort);
	const direction =
		newestFirst && query.sort === undefined && !ctx.query.get('direction')?.trim()
			? 'DESC'
			: query.direction;
	const page = pageOf(sortRows(rows, alias[sort] ?? sort, direction, 'rec'), query);
	return { status: 200, body: page, headers: pagingHeaders(page) };
}

export function webhookHandlers(service: WebhookService): Partial<Record<RouteId, Handler>> {
	return {
		'webhook.list': (ctx) =>
			paged(
				ROUTES['webhook.list'].list,
				ctx,
				service.list(ctx.client.clientId).map((sub) => view(sub, ctx.now)),
			),

		'webhook.get': (ctx) => ok(view(owned(service, ctx), ctx.now)),

		// The only answer that ever holds the secret.
		'webhook.create': (ctx) => {
			const sub = service.create(ctx.client.clientId, parseSubscriptionBody(ctx.body), ctx.now);
			return created({ rec: sub.rec, secret: sub.secret });
		},

		'webhook.update': (ctx) => {
			const sub = owned(service, ctx);
			service.update(sub, parseSubscriptionBody(ctx.body), ctx.now);
			return ok(view(sub, ctx.now));
		},

		'webhook.delete': (ctx) => {
			const sub = owned(service, ctx);
			service.remove(sub);
			return ok({ rec: sub.rec, deleted: true });
		},

		'webhook.test': async (ctx) => ok(await service.test(owned(service, ctx))),

		// Log entries have no modified stamp: sorting on it means their creation time.
		'webhook.log': (ctx) => {
			const result = paged(
				ROUTES['webhook.log'].list,
				ctx,
				service.log(owned(service, ctx)),
				true,
				{
					modified: 'created',
				},
			);
			const served = service.logRows;
			if (!served) return result;
			const page = result.body as Page<Record<string, unknown>>;
			return { ...result, body: { ...page, value: page.value.map((row) => served({ ...row })) } };
		},
	};
}
