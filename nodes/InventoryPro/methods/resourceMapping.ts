/**
 * The columns of Create or Update for items, customers and vendors (n8n's resourceMapper). They come from
 * the record registry, not from the service: the editor shows them without a request, also before a
 * credential is chosen (helpers/columns.ts).
 */
import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { upsertSchema } from '../helpers/columns';

export function getItemColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return Promise.resolve({ fields: upsertSchema('item') });
}

export function getCustomerColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return Promise.resolve({ fields: upsertSchema('customer') });
}

export function getVendorColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return Promise.resolve({ fields: upsertSchema('vendor') });
}
