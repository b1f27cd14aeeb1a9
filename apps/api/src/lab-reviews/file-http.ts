import { LAB_UPLOAD_MAX_BYTES, type LabFileKind } from '@shop/core';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A lab file arrives as raw bytes: the plugin that calls this takes them on its own routes only,
 * and only up to the lab report limit.
 */
export function acceptLabFileBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['application/octet-stream', 'application/pdf', 'image/jpeg', 'image/png'],
    { parseAs: 'buffer', bodyLimit: LAB_UPLOAD_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );
}

/**
 * A member's lab file as staff open it in the browser, named `{name}.{extension}`: never cached,
 * and sandboxed, so it runs nothing and reaches nothing of the shop's.
 */
export function sendLabFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; view: { kind: LabFileKind; contentType: string } },
  name: string,
) {
  const extension = file.view.kind === 'jpeg' ? 'jpg' : file.view.kind;
  return reply
    .header('content-disposition', `inline; filename="${name}.${extension}"`)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .type(file.view.contentType)
    .send(file.bytes);
}
