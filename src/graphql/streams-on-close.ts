import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

/**
 * An event stream never ends by itself, so a closing server would wait for its subscribers
 * forever (a stopped deploy, a process killed instead of drained). When the server closes,
 * every stream still open is ended: its client reconnects, to another process behind the
 * balancer, as after any dropped stream. A stream whose answer has not started is cut instead,
 * since an empty 200 would read as a finished answer.
 */
export function endStreamsOnClose(server: FastifyInstance, scope: FastifyInstance): void {
  const open = new Set<ServerResponse>();
  scope.addHook('onRequest', (request, reply, done) => {
    if ((request.headers.accept ?? '').includes('text/event-stream')) {
      const response = reply.raw;
      open.add(response);
      response.once('close', () => open.delete(response));
    }
    done();
  });
  server.addHook('preClose', (done) => {
    for (const response of open) {
      if (response.headersSent) response.end();
      else response.destroy();
    }
    open.clear();
    done();
  });
}
