import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type SseTargetRequest = { type: 'stats' } | { type: 'listeners' } | { type: 'publish' } | { type: 'stop' };
export type SseTargetReply =
  | { type: 'ready'; url: string; body: string; key: string }
  | { type: 'stats'; rss: number; heapUsed: number; external: number }
  | { type: 'listeners'; count: number }
  | { type: 'published'; sentAt: number };

type Reply<T extends SseTargetReply['type']> = Extract<SseTargetReply, { type: T }>;

const TARGET = fileURLToPath(new URL('../sse-target.ts', import.meta.url));

/** A running bench/sse-target.ts child (`gateway` or `bare`). */
export interface SseTarget {
  url: string;
  /** POST body of one subscriber (empty for the bare server, which streams on GET). */
  body: string;
  key: string;
  ask<T extends SseTargetReply['type']>(request: SseTargetRequest, reply: T): Promise<Reply<T>>;
  stop(): Promise<void>;
}

/** `door`: the gateway's GraphQL door the subscribers use (ignored by the bare server). */
export async function startSseTarget(kind: 'gateway' | 'bare', door = '/graphql'): Promise<SseTarget> {
  const child = fork(TARGET, [kind, door], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, REDIS_URL: undefined },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextReply(child, 'ready');
  return {
    url: ready.url,
    body: ready.body,
    key: ready.key,
    ask(request, reply) {
      const answer = nextReply(child, reply);
      child.send(request);
      return answer;
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' } satisfies SseTargetRequest);
      await exited;
    },
  };
}

function nextReply<T extends SseTargetReply['type']>(child: ChildProcess, type: T): Promise<Reply<T>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: SseTargetReply) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Reply<T>);
    };
    const onExit = (code: number | null) => reject(new Error(`SSE bench target exited (${code}) before answering ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
