import {
  formatRange,
  KIT_DELIVERY_BUSINESS_DAYS,
  LAB_VISIT_MINUTES,
  PARTNER_LAB_ORDER_PROCESSING_BUSINESS_DAYS,
  RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT,
  RESULTS_BUSINESS_DAYS_AT_HOME,
  GIFT_KIT_DELIVERY_BUSINESS_DAYS,
} from '../catalog/constants.ts';
import { getProduct, type ProductCode } from '../catalog/products.ts';
import { formatMoney } from '../money/money.ts';

// The timings and prices the copy repeats, built once from the catalog so a changed constant or
// price changes every sentence that states it.

export const price = (code: ProductCode): string => formatMoney(getProduct(code).priceCents);

export const timings = {
  kitDelivery: `${formatRange(KIT_DELIVERY_BUSINESS_DAYS)} business days`,
  giftKitDelivery: `${formatRange(GIFT_KIT_DELIVERY_BUSINESS_DAYS)} business days`,
  resultsAfterLab: `${RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT} business days`,
  resultsAtHome: `${formatRange(RESULTS_BUSINESS_DAYS_AT_HOME)} business days`,
  labVisit: `${formatRange(LAB_VISIT_MINUTES)} minutes`,
  labOrder: `${PARTNER_LAB_ORDER_PROCESSING_BUSINESS_DAYS} business days`,
} as const;

/** Said wherever a result is explained: the shop informs, a doctor diagnoses. */
export const notADiagnosis =
  'Our tests and plans support a healthier lifestyle; they do not diagnose or treat a disease. If a result is far outside its range, our clinicians tell you to see your doctor.';
