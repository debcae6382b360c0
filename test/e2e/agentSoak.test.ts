// Eighteen impatient agents against three replicas on PostgreSQL while replicas die (issue 27's "done when",
// scaled down: agent timeouts of 3 s instead of 30 s, renders held 4 s instead of minutes). Each agent calls a
// slow synchronous tool, gives up when its own timeout fires and calls again (the same arguments, on whichever
// replica answers), then polls call_status until the outcome, switching replicas whenever one is gone. Half call
// `createRender`, whose contract says it is slow; half `createPicture`, whose contract says nothing of slowness.
// Meanwhile a replica is killed (SIGKILL) and replaced ten times.
//
// Right outcomes: every call ends (none lost); a succeeded call holds its own answer; a call whose server died
// mid-request ends failed "interrupted: may have run upstream" (a POST is never re-sent blindly), and only such a
// call: each replica marks its upstream requests with a header of its own, so an interruption is checked against
// the replica that really sent the work. Zero duplicate work: the upstream ran each prompt at most once, whatever
// the retries. No timing assertions: the fake counts what ran and the agents count what they were told. How many
// calls a kill hits is the schedule's chance, not the product's doing, so no share of successes is asserted.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { type Connected, callChecked, connectHttp, textOf } from '../support/mcpHarness.js';
import { requireBackendInCi, storeBackends } from '../support/storeBackends.js';

const AGENTS = 18;
const CALLS_PER_AGENT = 2;
const KILLS = 10;
/** The agents' own tool-call timeout (a real agent's 30 s, scaled with the 4 s renders). */
const AGENT_TIMEOUT_MS = 3_000;
/** Bounds on an agent's tries, so a bug shows as a failure with its story rather than a hang. */
const MAX_TRIES = 60;
/**
 * A replica killed this long after the upstream answered may not have stored the answer yet: its call is then
 * rightly interrupted. Generous, as a loaded machine can take a while between the answer and the store write.
 */
const STORE_MARGIN_MS = 3_000;

const postgres = storeBackends('mcp-jobgen-soak', 'agent_soak').find((b) => b.name === 'postgres')!;

type Replica = Connected & { port: number; id: string };
type Outcome = {
  prompt: string;
  tool: string;
  state: 'succeeded' | 'interrupted';
  answer: unknown;
  tries: number;
  timeouts: number;
  /** When the agent first called and when it was told the outcome. */
  firstTryAt: number;
  toldAt: number;
};

let fake: FakeUpstream;
let server: GeneratedServer;
const everyReplica: Replica[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer('fixtures/e2e/slow-renders.yaml', 'agent-soak-renders');
});
afterAll(async () => {
  await Promise.all(everyReplica.map((r) => r.close()));
  await fake?.close();
});

function toolFor(tools: Tool[], operationId: string): Tool {
  const tool = tools.find((t) => (t._meta as Record<string, unknown> | undefined)?.['mcp-jobgen/operation'] === operationId);
  if (!tool) throw new Error(`no tool for ${operationId}`);
  return tool;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('18 agents, 3 replicas on PostgreSQL, 10 kill -9s', () => {
  const storeUrl = postgres.url();
  requireBackendInCi(postgres, storeUrl);
  if (!storeUrl) return;

  it('every call ends right, none is lost, and the upstream ran each at most once', async () => {
    // The lease lapses 4 s after a replica dies; not shorter, as a loaded machine can stall a live replica's
    // heartbeat for a second or two. A call that has not answered within 1 s becomes a job.
    const env = { API_BASE_URL: fake.url, JOB_STORE_URL: storeUrl, JOB_PROMOTE_AFTER_MS: '1000', JOB_LEASE_MS: '4000' };
    fake.slow.setHoldMs(4_000);
    /** When each replica was killed, by the id it sends upstream in `x-soak-replica`. */
    const killedAt = new Map<string, number>();
    let started = 0;
    const start = async (): Promise<Replica> => {
      const id = `replica${started++}`;
      const connected = await connectHttp(server, { ...env, UPSTREAM_HEADERS: JSON.stringify({ 'x-soak-replica': id }) });
      const replica = Object.assign(connected, { id });
      everyReplica.push(replica);
      return replica;
    };
    const live: Replica[] = await Promise.all([start(), start(), start()]);
    const tools = live[0]!.tools;
    const run = (Math.random() * 1e9).toString(36).slice(0, 6);

    let turn = 0;
    /** Any live replica, in turn: an agent's client reconnects to whatever the load balancer gives it. */
    const pick = (): Replica => live[turn++ % live.length]!;

    async function callUntilTold(tool: string, args: Record<string, unknown>, count: { tries: number; timeouts: number }) {
      for (;;) {
        if (++count.tries > MAX_TRIES) throw new Error(`${tool} ${JSON.stringify(args)}: no answer after ${MAX_TRIES} tries`);
        try {
          return await callChecked(pick(), tool, args, { timeout: AGENT_TIMEOUT_MS });
        } catch (error) {
          // Its own timeout, or its replica died under it: the agent calls again, as agents do.
          if (/timed out|timeout/i.test(String(error))) count.timeouts += 1;
          await sleep(100);
        }
      }
    }

    async function agent(index: number): Promise<Outcome[]> {
      const outcomes: Outcome[] = [];
      for (let n = 0; n < CALLS_PER_AGENT; n++) {
        const render = index % 2 === 0;
        const tool = toolFor(tools, render ? 'createRender' : 'createPicture').name;
        const prompt = `${run}-agent${index}-call${n}`;
        const args = { body: render ? { prompt } : { caption: prompt } };
        const count = { tries: 0, timeouts: 0 };
        const firstTryAt = Date.now();
        const answered = await callUntilTold(tool, args, count);
        let final: Record<string, unknown> | undefined;
        if (answered.isError) {
          // A retry of a call whose server died mid-request is told so (it is never re-sent blindly).
          expect(textOf(answered), prompt).toContain('interrupted: may have run upstream');
          outcomes.push({ prompt, tool, state: 'interrupted', answer: null, ...count, firstTryAt, toldAt: Date.now() });
          continue;
        }
        const handle = answered.structuredContent?.mcp_job as { job_id: string; status_tool: string } | undefined;
        if (!handle) {
          outcomes.push({ prompt, tool, state: 'succeeded', answer: answered.structuredContent, ...count, firstTryAt, toldAt: Date.now() });
          continue;
        }
        while (final === undefined) {
          const status = await callUntilTold(handle.status_tool, { job_id: handle.job_id, wait_ms: 2_000 }, count);
          expect(status.isError, textOf(status)).toBeFalsy();
          if (status.structuredContent?.terminal === true) final = status.structuredContent;
        }
        if (final.state === 'succeeded') {
          outcomes.push({ prompt, tool, state: 'succeeded', answer: final.result, ...count, firstTryAt, toldAt: Date.now() });
        } else {
          expect(final, prompt).toMatchObject({ state: 'failed' });
          expect(String(final.last_error), prompt).toMatch(/^interrupted: may have run upstream/);
          outcomes.push({ prompt, tool, state: 'interrupted', answer: null, ...count, firstTryAt, toldAt: Date.now() });
        }
      }
      return outcomes;
    }

    async function killer(): Promise<number> {
      let kills = 0;
      while (kills < KILLS) {
        await sleep(1_500);
        const victim = live.splice(kills % live.length, 1)[0]!;
        killedAt.set(victim.id, Date.now());
        victim.kill();
        kills += 1;
        live.push(await start());
      }
      return kills;
    }

    const [kills, ...perAgent] = await Promise.all([killer(), ...Array.from({ length: AGENTS }, (_, i) => agent(i))]);
    const outcomes = perAgent.flat();
    expect(kills).toBe(KILLS);

    // None lost: every call of every agent has its outcome.
    expect(outcomes).toHaveLength(AGENTS * CALLS_PER_AGENT);
    for (const o of outcomes.filter((x) => x.state === 'succeeded')) {
      // Its own answer, not another agent's.
      expect(JSON.stringify(o.answer), o.prompt).toContain(o.prompt);
    }
    // The upstream ran each prompt at most once; a succeeded one exactly once (renders still held by a dead
    // replica's request finish within the hold, so wait for the fake's count to settle).
    const ran = (prompt: string) => fake.slow.renders.filter((r) => r.prompt === prompt).length;
    const settled = () => fake.slow.requests() === fake.slow.renders.length;
    await expect.poll(settled, { timeout: 20_000 }).toBe(true);
    for (const o of outcomes) {
      expect(ran(o.prompt), `${o.prompt} ran upstream`).toBeLessThanOrEqual(1);
      if (o.state === 'succeeded') expect(ran(o.prompt), `${o.prompt} ran upstream`).toBe(1);
    }
    // Interrupted only where a replica died with the call: a call whose work ran upstream is interrupted only if
    // the replica that sent it was killed while the work ran (or before it could store the answer). Put the other
    // way, every call whose replica outlived its work succeeded. A call that never reached the upstream can only
    // have lost its replica between storing the call and sending it: a replica was killed while the agent waited.
    const renderOf = (prompt: string) => fake.slow.renders.find((r) => r.prompt === prompt);
    const replicaOf = (prompt: string) => String(renderOf(prompt)?.headers['x-soak-replica'] ?? '');
    let hit = 0;
    for (const o of outcomes) {
      const render = renderOf(o.prompt);
      const killed = render ? killedAt.get(replicaOf(o.prompt)) : undefined;
      const diedWithIt = render
        ? killed !== undefined && killed >= render.startedAt && killed <= render.finishedAt + STORE_MARGIN_MS
        : [...killedAt.values()].some((t) => t >= o.firstTryAt && t <= o.toldAt);
      if (diedWithIt) hit += 1;
      const story =
        `${o.prompt}: ${o.state}, sent by ${replicaOf(o.prompt) || 'no replica'}, killed at ${killed ?? 'never'}, ` +
        `work ${render ? `${render.startedAt}..${render.finishedAt}` : 'never ran'}`;
      if (o.state === 'interrupted') expect(diedWithIt, story).toBe(true);
    }
    // The scenario did what it says: agents timed out and called again, kills hit calls in flight, and calls
    // whose replica lived succeeded.
    const timeouts = outcomes.reduce((n, o) => n + o.timeouts, 0);
    const succeeded = outcomes.filter((o) => o.state === 'succeeded').length;
    console.log(
      `agent soak: ${outcomes.length} calls, ${succeeded} succeeded, ${outcomes.length - succeeded} interrupted, ` +
        `${hit} lost their replica mid-call, ${timeouts} agent timeouts, ` +
        `${outcomes.reduce((n, o) => n + o.tries, 0)} tool calls, ${kills} kills, ${fake.slow.requests()} upstream requests`,
    );
    expect(timeouts).toBeGreaterThan(0);
    expect(hit).toBeGreaterThan(0);
    expect(succeeded).toBeGreaterThan(0);
  }, 600_000);
});
