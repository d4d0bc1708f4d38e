/** All resource modules of the sandbox, merged into one handler table and one list-source table. */
import type { RouteId } from '../routes';
import type { Handler } from '../types';
import { assets } from './assets';
import { catalog } from './catalog';
import type { ListSourceFn, ResourceDeps } from './context';
import { inventory } from './inventory';
import { items } from './items';
import { locations } from './locations';
import { orders } from './orders';
import { customers, vendors } from './parties';
import { reports } from './reports';
import { warehouses } from './warehouses';

export interface Resources {
	handlers: Partial<Record<RouteId, Handler>>;
	lists: Partial<Record<RouteId, ListSourceFn>>;
}

export function createResources(deps: ResourceDeps): Resources {
	const modules = [
		items,
		inventory,
		customers,
		vendors,
		orders,
		assets,
		catalog,
		locations,
		warehouses,
		reports,
	].map((m) => m(deps));
	return {
		handlers: Object.fromEntries(modules.flatMap((m) => Object.entries(m.handlers ?? {}))),
		lists: Object.fromEntries(modules.flatMap((m) => Object.entries(m.lists ?? {}))),
	};
}

export type { ListSource, ListSourceFn, ResourceDeps } from './context';
