// PDF.js ships no types for its parser's module; importing it is all the inspection's worker does
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
