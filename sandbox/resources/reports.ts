/**
 * Reports: GET /Report lists the reports the client may run; GET /Report/{id} pages the rows (sorted by
 * the report's own columns, modifiedSince ignored); GET /Report/{id}/{count} answers the newest `count`
 * rows (by the report's date column, count clamped to 1..1000) as a one-page envelope.
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
				return {
					key: `report.run|${def.reportID}`,
					idField: def.columns[0],
					columns: def.columns,
					rows: () => rowsOf(def),
				};
			},
		},
		handlers: {
			'report.latest': (ctx) => {
				const def = find(ctx);
				const raw = ctx.pathParams.count;
				if (!/^-?\d+$/.test(raw)) throw badRequest('The count must be a whole number.');
				const count = Math.min(
					REPORT_COUNT_RANGE.max,
					Math.max(REPORT_COUNT_RANGE.min, Number(raw)),
				);
				const newest = sortRows(rowsOf(def), def.latestColumn, 'DESC', def.columns[0]).slice(
					0,
					count,
				);
				return ok(pageOf(newest, { page: 1, pageSize: count }));
			},
		},
	};
}
