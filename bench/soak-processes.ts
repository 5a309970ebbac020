import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../test/redis/processes.js';

/**
 * The soak's real processes: `src/main.ts` (what `npm start` runs) and `src/jobs/worker-main.ts`
 * (what `npm run worker` runs), each restartable after a SIGKILL on the same port and env.
 */
export class SoakProcess {
  readonly name: string;
  readonly #entry: string;
  readonly #env: Record<string, string>;
  readonly #readyLine: RegExp;
  #child: ChildProcess | null = null;
  #output = '';
  kills = 0;
  restarts = 0;

  constructor(name: string, entry: string, env: Record<string, string>, readyLine: RegExp) {
    this.name = name;
    this.#entry = entry;
    this.#env = env;
    this.#readyLine = readyLine;
  }

  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Starts the process and waits for its ready line. */
  async start(timeoutMs = 30_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', this.#entry], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...this.#env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    let output = '';
    const note = (chunk: Buffer) => {
      output += chunk.toString();
      this.#output = (this.#output + chunk.toString()).slice(-20_000);
    };
    child.stderr!.on('data', note);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        note(chunk);
        if (this.#readyLine.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${code ?? signal}) while starting:\n${output}`));
      });
    });
  }

  /** SIGKILL: no shutdown hook runs, as when a machine or container dies. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.kills += 1;
  }

  async restart(): Promise<void> {
    await this.start();
    this.restarts += 1;
  }

  /** SIGTERM, SIGKILL after 5 s. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }

  output(): string {
    return this.#output;
  }
}
