import { LAB_UPLOAD_MAX_BYTES, type LabFileKind } from '@shop/core';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { uploadRefused } from './service.ts';

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
 * The options of a route a member uploads a lab file to: a body past the limit is refused from its
 * Content-Length, before it is read, in the member's words; a body of another type is no file;
 * anything else goes on to the shop's error handler.
 */
export const labFileUpload = {
  bodyLimit: LAB_UPLOAD_MAX_BYTES,
  errorHandler: (error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw uploadRefused('tooLarge');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw uploadRefused('wrongType');
    throw error;
  },
};

/** An upload's bytes: a file's, or none when nothing was sent; a JSON or form body is no file. */
export function uploadedBytes(sent: unknown): Buffer {
  if (sent !== undefined && sent !== null && !Buffer.isBuffer(sent)) throw uploadRefused('wrongType');
  return Buffer.isBuffer(sent) ? sent : Buffer.alloc(0);
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
