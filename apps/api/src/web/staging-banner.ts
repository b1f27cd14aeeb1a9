/**
 * A staging shop's notice on every page, added as the page is sent (decision record 0004: a
 * prerendered page is built once and cannot know whether the shop that serves it is a staging
 * one). It is plain HTML, so it reads the same without script, and carries no inline style or
 * script, so no page's policy changes; its look is `.staging-banner` in the web app's stylesheet.
 * React leaves an element it did not render alone in the body (React 19 skips such elements when
 * it hydrates), so the notice stays put as the visitor moves from page to page.
 */
export const STAGING_BANNER = '<p class="staging-banner">Staging shop: payments use test cards, nothing is charged.</p>';

const BODY_TAG = /<body\b[^>]*>/i;

/** The page with the notice first in its body; a text without a body is left as it is. */
export function withStagingBanner(html: string): string {
  const body = BODY_TAG.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + STAGING_BANNER + html.slice(at);
}

/**
 * A page being streamed, with the notice added: held back only until the body's tag has come
 * (the shell's first bytes), then passed on as it comes, so deferred parts still stream.
 */
export function streamWithStagingBanner(page: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // decoded and encoded again throughout: a character split across two chunks stays whole
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head: string | null = '';
  return page.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true });
        if (head === null) {
          controller.enqueue(encoder.encode(text));
          return;
        }
        head += text;
        if (!BODY_TAG.test(head)) return;
        controller.enqueue(encoder.encode(withStagingBanner(head)));
        head = null;
      },
      flush(controller) {
        const rest = (head ?? '') + decoder.decode();
        if (rest !== '') controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}
