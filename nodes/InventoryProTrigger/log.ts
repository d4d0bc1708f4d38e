/** The subscription's delivery log (spec): every attempt, its event, reference and success. */
import type { IDataObject, IHookFunctions, ITriggerFunctions } from 'n8n-workflow';

import { apiRequest } from '../shared/transport';
import { walkPages } from '../shared/transport/paging';
import { fieldOf, textOf } from '../shared/validation';

const LOG_PAGE_SIZE = 250;
type Ctx = ITriggerFunctions | IHookFunctions;
const recOf = (row: IDataObject) => Number(fieldOf(row, 'rec'));

export interface LogEntry {
	rec: number;
	event: string;
	reference: string;
	success: boolean;
	created: string;
}

/**
 * Entries newer than `after`, oldest first, and the rows as served. Stops at a page that reaches `after`
 * or an entry `olderThanWanted` only when the page came back newest first, as asked.
 */
export async function logEntries(
	this: Ctx,
	rec: number,
	after: number,
	olderThanWanted: (entry: LogEntry) => boolean = () => false,
	newestOnly = false,
): Promise<{ entries: LogEntry[]; rows: IDataObject[] }> {
	const byRec = new Map<number, LogEntry>();
	const served: IDataObject[] = [];
	const fetchPage = async (page: number) =>
		await apiRequest.call(this, 'webhook.log', {
			path: { rec },
			query: { sort: 'rec', direction: 'DESC', page, pageSize: LOG_PAGE_SIZE },
		});
	const walk = { what: `the delivery log of subscription ${rec}`, idField: 'rec' };
	let older = false;
	for await (const { rows } of walkPages(this.getNode(), fetchPage, walk)) {
		const recs = rows.map(recOf).filter((n) => Number.isFinite(n));
		for (const row of rows.filter((each) => recOf(each) > after)) {
			served.push(row);
			const text = (field: string) => textOf(fieldOf(row, field) ?? '');
			const entry: LogEntry = {
				rec: recOf(row),
				event: text('event'),
				reference: text('reference'),
				success: fieldOf(row, 'success') === true,
				created: text('created'),
			};
			byRec.set(entry.rec, entry);
			older ||= olderThanWanted(entry);
		}
		const ordered = recs.length > 0 && recs.every((n, index) => index === 0 || n < recs[index - 1]);
		if (ordered && (newestOnly || older || recs[recs.length - 1] <= after)) break;
	}
	return { entries: [...byRec.values()].sort((a, b) => a.rec - b.rec), rows: served };
}

/** Catch-up of an adopted subscription starts after its newest log entry. */
export async function newestLogRec(this: Ctx, rec: number): Promise<number> {
	const { entries } = await logEntries.call(this, rec, 0, undefined, true);
	return entries.length > 0 ? entries[entries.length - 1].rec : 0;
}
