import { resourceDescription, standardOperations } from '../common/resource';

// Setting status Completed in an update finalizes the order (it emits order.completed).
export const operations = standardOperations('shippingOrder');

export const description = resourceDescription('shippingOrder', operations);
