// The experiments console's form names, shared by the page and its action (which the browser never loads).
export const VARIANT_OFF_FORM = 'variant-off';
export const END_EXPERIMENT_FORM = 'end-experiment';
