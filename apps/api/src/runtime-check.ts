// Imported first by the API's entry points (main.ts, worker.ts): a start on an older Node than the
// project's own stops here with what to do. The check is plain JavaScript shared with
// scripts/start.mjs, which runs before anything can load TypeScript.
import '../../../scripts/require-node.mjs';
