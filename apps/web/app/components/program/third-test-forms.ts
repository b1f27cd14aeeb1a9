// The 3rd test's form on the program page, for the page and its action (which the browser never loads).

/** "Add to cart" of the 3rd test. */
export const THIRD_TEST_FORM = 'add-third-test';

/** Where the 3rd test added to the cart is paid for, as the program added from an order page is. */
export const THIRD_TEST_CHECKOUT_PATH = '/checkout-payment';

export const THIRD_TEST_NOT_OFFERED = 'The 3rd test is offered at the end of your Improvement Program.';
