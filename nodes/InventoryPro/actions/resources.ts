import type { Resource } from '../endpoints';
import * as asset from './asset/Asset.resource';
import * as category from './category/Category.resource';
import type { OperationMap } from './common/types';
import * as customApi from './customApi/CustomApi.resource';
import * as customer from './customer/Customer.resource';
import * as inventory from './inventory/Inventory.resource';
import * as item from './item/Item.resource';
import * as location from './location/Location.resource';
import * as purchaseOrder from './purchaseOrder/PurchaseOrder.resource';
import * as reasonCode from './reasonCode/ReasonCode.resource';
import * as report from './report/Report.resource';
import * as shippingOrder from './shippingOrder/ShippingOrder.resource';
import * as vendor from './vendor/Vendor.resource';
import * as warehouse from './warehouse/Warehouse.resource';
import * as webhook from './webhook/Webhook.resource';
import * as workOrder from './workOrder/WorkOrder.resource';

/** The spec's 14 resource groups, in its order, plus the Custom API Request. */
export const RESOURCE_MODULES: Record<Resource | 'customApi', { operations: OperationMap; description: typeof item.description }> = {
	item,
	inventory,
	customer,
	vendor,
	purchaseOrder,
	shippingOrder,
	workOrder,
	asset,
	category,
	reasonCode,
	location,
	warehouse,
	report,
	webhook,
	customApi,
};
