import { SHOP_TIME_ZONE } from '@shop/core';

const shopLong = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: SHOP_TIME_ZONE });

/**
 * The shop's day of an instant, in words ("December 19, 2026"), in New York as every page shows
 * it: a link that ends at 01:00 UTC ends the evening before for the shop, in the e-mail too.
 */
export function shopLongDay(at: Date): string {
  return shopLong.format(at);
}
