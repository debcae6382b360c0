/**
 * Plain (non-job) endpoints: a JSON CRUD resource answering 200/201/204/404/422, and a slow endpoint for
 * timeout tests. 500s come from fault injection (`fake.inject`), not from magic inputs.
 */
import type { FakeContext } from './context.js';

interface Widget {
  id: number;
  name: string;
  size: number;
  tags: string[];
}

export function registerWidgets(ctx: FakeContext): { widgets: Map<number, Widget> } {
  const widgets = new Map<number, Widget>();
  let nextId = 1;

  ctx.router.on('GET /widgets', (req) => {
    const limit = Number(req.query.get('limit') ?? '20');
    const tag = req.query.get('tag');
    const list = [...widgets.values()].filter((w) => !tag || w.tags.includes(tag)).slice(0, limit);
    return { status: 200, body: { items: list, total: widgets.size } };
  });

  ctx.router.on('POST /widgets', (req) => {
    const body = (req.body ?? {}) as Partial<Widget>;
    if (typeof body.name !== 'string') {
      return { status: 422, body: { error: { code: 'validation_failed', message: 'name is required', field: 'name' } } };
    }
    if ([...widgets.values()].some((w) => w.name === body.name)) {
      return { status: 422, body: { error: { code: 'already_exists', message: `a widget named ${body.name} exists`, field: 'name' } } };
    }
    const widget: Widget = { id: nextId++, name: body.name, size: body.size ?? 1, tags: body.tags ?? [] };
    widgets.set(widget.id, widget);
    return { status: 201, body: widget };
  });

  ctx.router.on('GET /widgets/{widget_id}', (_req, p) => {
    const widget = widgets.get(Number(p.widget_id));
    return widget
      ? { status: 200, body: widget }
      : { status: 404, body: { error: { code: 'not_found', message: `widget ${p.widget_id} not found` } } };
  });

  ctx.router.on('DELETE /widgets/{widget_id}', (_req, p) => {
    const existed = widgets.delete(Number(p.widget_id));
    return existed ? { status: 204 } : { status: 404, body: { error: { code: 'not_found', message: `widget ${p.widget_id} not found` } } };
  });

  // Answers after `delay_ms` real milliseconds (default: far longer than any client timeout in the tests).
  ctx.router.on('GET /slow', async (req) => {
    const delay = Number(req.query.get('delay_ms') ?? '60000');
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    return { status: 200, body: { waited_ms: delay } };
  });

  return { widgets };
}
