/**
 * Reports: GET /Report lists the reports the client may run; GET /Report/{id} pages the rows (sorted by
 * the report's own columns, modifiedSince ignored); GET /Report/{id}/{count} answers the newest `count`
 * rows (by the report's date column, count clamped to 1..1000) as a one-page envelope.
 *
 * GET /Report/{id} also takes the vendor's two optional parameters, `flags` ("report-specific flag string")
 * and `count` ("alternate row count"). What they do is not documented; the sandbox's reading (assumed):
 * `count` keeps the report's newest rows, as the path form does (clamped to 1..1000), and pages them;
 * `flags` is read by the reports that define flags (REPORT_FLAGS) and ignored by the others.
 */
import { REPORT_COUNT_RANGE } from '../routes';
import { badRequest } from '../errors';
import { pageOf, sortRows } from '../lists';
import type { ReportRow } from '../records';
import type { RequestContext } from '../types';
import { mustFind, ok, recordNo, type ResourceDeps, type ResourceModule } from './context';
import { REPORTS, type ReportDef } from './reportDefs';

export const canRun = (reports: number[] | undefined, reportID: number) =>
	reports === undefined || reports.includes(reportID);

/**
 * The flags a report reads, letter by letter (the sandbox's own; real reports define their own). Open
 * Purchase Orders: O keeps Open orders, P keeps Partial ones (both: both); a letter it does not know is ignored.
 */
export const REPORT_FLAGS: Readonly<
	Partial<Record<number, (rows: ReportRow[], flags: string) => ReportRow[]>>
> = {
	4: (rows, flags) => {
		const letters = flags.toUpperCase();
		const statuses = [
			...(letters.includes('O') ? ['Open'] : []),
			...(letters.includes('P') ? ['Partial'] : []),
		];
		return statuses.length === 0
			? rows
			: rows.filter((row) => statuses.includes(String(row.status)));
	},
};

/** The `count` of GET /Report/{id}: a whole number, clamped as the path form's; absent or empty: none. */
function countOf(raw: string | null): number | undefined {
	if (raw === null || raw === '') return undefined;
	if (!/^-?\d+$/.test(raw)) throw badRequest('The count must be a whole number.');
	return Math.min(REPORT_COUNT_RANGE.max, Math.max(REPORT_COUNT_RANGE.min, Number(raw)));
}

/** The newest `count` rows by the report's date column. */
const newest = (def: ReportDef, rows: ReportRow[], count: number) =>
	sortRows(rows, def.latestColumn, 'DESC', def.columns[0]).slice(0, count);

export function reports({ store }: ResourceDeps): ResourceModule {
	const cache = new Map<number, { version: number; rows: ReportRow[] }>();
	const rowsOf = (def: ReportDef) => {
		const hit = cache.get(def.reportID);
		if (hit && hit.version === store.version) return hit.rows;
		const rows = def.build(store);
		cache.set(def.reportID, { version: store.version, rows });
		return rows;
	};
	const find = (ctx: RequestContext) => {
		const id = recordNo(ctx, 'reportID', 'Report');
		return mustFind(
			REPORTS.find((r) => r.reportID === id),
			`Report ${id}`,
		);
	};

	return {
		lists: {
			'report.list': (ctx) => ({
				key: `report.list|${ctx.client.clientId}`,
				idField: 'reportID',
				rows: () =>
					REPORTS.filter((r) => canRun(ctx.client.reports, r.reportID)).map(
						({ reportID, name, reportType }) => ({
							reportID,
							reportName: name,
							reportType,
						}),
					),
			}),
			'report.run': (ctx) => {
				const def = find(ctx);
				const flags = ctx.query.get('flags') ?? '';
				const count = countOf(ctx.query.get('count'));
				const flagged = REPORT_FLAGS[def.reportID];
				const rows = () => {
					const all = flagged && flags !== '' ? flagged(rowsOf(def), flags) : rowsOf(def);
					return count === undefined ? all : newest(def, all, count);
				};
				return {
					key: `report.run|${def.reportID}|${flags}|${count ?? ''}`,
					idField: def.columns[0],
					columns: def.columns,
					rows,
				};
			},
		},
		handlers: {
			'report.latest': (ctx) => {
				const def = find(ctx);
				const count = countOf(ctx.pathParams.count) ?? REPORT_COUNT_RANGE.min;
				return ok(pageOf(newest(def, rowsOf(def), count), { page: 1, pageSize: count }));
			},
		},
	};
}
