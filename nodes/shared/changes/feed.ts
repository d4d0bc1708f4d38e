import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IPollFunctions,
	type ITriggerFunctions,
} from 'n8n-workflow';

/** The Changes Trigger's poll and its editor test run, and the webhook trigger's scheduled catch-up. */
type FeedContext = IPollFunctions | IExecuteFunctions | ITriggerFunctions;

import { apiRequest } from '../transport';
import { walkPages } from '../transport/paging';
import { textOf } from '../validation';
import {
	ChangeSet,
	startCursor,
	stampKey,
	type Change,
	type Cursor,
	type LegacyCursor,
	type PageQuery,
} from './cursor';
import type { Watchable } from './watchable';

/** Rows shown in the editor's test run. */
export const SAMPLE_SIZE = 5;
/** Rows read per request when looking for the service's newest stamp at activation. */
const NEWEST_PAGE_SIZE = 10;

export interface Target {
	watchable: Watchable;
	path: Record<string, string | number>;
}

interface Page {
	rows: IDataObject[];
	hasMore: boolean;
}

async function fetchPage(this: FeedContext, target: Target, query: IDataObject): Promise<Page> {
	const response = (await apiRequest.call(this, target.watchable.id, {
		path: target.path,
		query,
	})) as IDataObject;
	const rows = response?.value;
	if (!Array.isArray(rows)) {
		throw new NodeOperationError(
			this.getNode(),
			`The service's answer for ${target.watchable.endpoint.path} has no list of records`,
		);
	}
	return { rows: rows as IDataObject[], hasMore: response.hasMore === true && rows.length > 0 };
}

/** Reads one row's id and Modified; a row without them cannot be tracked, so that is an error. */
export function toChange(this: FeedContext, watchable: Watchable, record: IDataObject): Change {
	const rawId = record[watchable.idField];
	if (rawId === undefined || rawId === null || rawId === '') {
		throw new NodeOperationError(
			this.getNode(),
			`A ${watchable.endpoint.path} record has no "${watchable.idField}"`,
			{
				description: 'The trigger tells records apart by this field.',
			},
		);
	}
	const modified = record.modified;
	const modifiedKey = stampKey(modified);
	if (modifiedKey === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Record ${textOf(rawId)} of ${watchable.endpoint.path} has no valid "modified" time`,
			{
				description:
					'The trigger follows changes by the Modified time the service stamps on each record.',
			},
		);
	}
	return { id: textOf(rawId), modified: modified as string, modifiedKey, record };
}

/**
 * Reads everything modified since the cursor, with the overlap window behind it (cursor.ts decides
 * what to read next). Stops early, with what it has, when the poll's time budget runs low and the
 * cursor can still move forward.
 */
export async function fetchChanges(
	this: FeedContext,
	target: Target,
	cursor: Cursor | LegacyCursor,
): Promise<ChangeSet> {
	const { watchable } = target;
	const changes = new ChangeSet(cursor);
	const started = Date.now();
	// Only a poll has a budget (n8n 2.x); the webhook trigger's catch-up reads to the end.
	const { getPollBudgetMs } = this as Partial<IPollFunctions>;
	const budgetMs = typeof getPollBudgetMs === 'function' ? getPollBudgetMs.call(this) : Infinity;

	for (let next: PageQuery | undefined = changes.firstQuery(); next;) {
		const query: IDataObject = {
			sort: next.order === 'id' ? watchable.idField : 'modified',
			direction: 'ASC',
			page: next.page,
			pageSize: watchable.endpoint.list.maxPageSize,
		};
		if (next.modifiedSince !== undefined) query.modifiedSince = next.modifiedSince;
		const { rows, hasMore } = await fetchPage.call(this, target, query);
		next = changes.nextQuery(
			rows.map((row) => toChange.call(this, watchable, row)),
			hasMore,
		);
		if (next && changes.canStop() && Date.now() - started >= budgetMs / 2) break;
	}
	return changes;
}

/**
 * The cursor for a first activation without a start date: the newest Modified the service holds,
 * with every record at that stamp marked handled. Taken from the service, not n8n's clock.
 */
export async function newestCursor(this: FeedContext, target: Target): Promise<Cursor> {
	const { watchable } = target;
	const query = { sort: 'modified', direction: 'DESC', page: 1, pageSize: NEWEST_PAGE_SIZE };
	const { rows, hasMore } = await fetchPage.call(this, target, query);
	const pageChanges = rows.map((row) => toChange.call(this, watchable, row));
	const newest = pageChanges[0];
	if (newest === undefined) return startCursor();
	let atNewest = pageChanges.filter((change) => change.modifiedKey === newest.modifiedKey);
	if (hasMore && atNewest.length === pageChanges.length) {
		// More records share the newest stamp than a page holds: ties come in no fixed order, so
		// read them all by id.
		atNewest = [];
		const pageSize = watchable.endpoint.list.maxPageSize;
		const byId = async (page: number) =>
			await apiRequest.call(this, watchable.id, {
				path: target.path,
				query: {
					sort: watchable.idField,
					direction: 'ASC',
					page,
					pageSize,
					modifiedSince: newest.modified,
				},
			});
		const walk = { what: watchable.endpoint.path, idField: watchable.idField };
		for await (const { rows } of walkPages(this.getNode(), byId, walk)) {
			const read = rows.map((row) => toChange.call(this, watchable, row));
			atNewest.push(...read.filter((change) => change.modifiedKey === newest.modifiedKey));
		}
	}
	return startCursor(
		newest.modified,
		atNewest.map((change) => change.id),
	);
}

/** The few most recent records, oldest first, for mapping fields in the editor. */
export async function fetchSamples(
	this: FeedContext,
	target: Target,
	sort: 'modified' | 'created',
): Promise<IDataObject[]> {
	const query = { sort, direction: 'DESC', page: 1, pageSize: SAMPLE_SIZE };
	const { rows } = await fetchPage.call(this, target, query);
	return rows.slice(0, SAMPLE_SIZE).reverse();
}
