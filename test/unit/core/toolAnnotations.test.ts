// A tool's annotations come from its operation's declaration: the scope it needs and its HTTP method.
import { defineOperation, PUBLIC, scope, type HttpMethod, type Operation } from '../../../src/core/operation';
import { toolAnnotations } from '../../../src/core/toolAnnotations';

function declared(method: HttpMethod, access: Operation['access']): Operation {
  return defineOperation({
    name: 'noteTool',
    access,
    rateLimit: 'general',
    input: {},
    http: { method, path: '/notes' },
    docs: { tag: 'Notes', summary: 'Notes', successDescription: 'Notes.' },
    mcp: { tool: 'note_tool', title: 'A note tool', description: 'Notes.', args: { type: 'object' }, toInput: () => ({ path: {}, query: {}, body: undefined }) },
    run: async () => ({ data: undefined }),
  });
}

it.each([
  ['GET', scope('read:businesses'), { readOnlyHint: true, destructiveHint: false, idempotentHint: true }],
  // A read scope authorises no change, whatever the method (consumer search is a POST).
  ['POST', scope('read:businesses'), { readOnlyHint: true, destructiveHint: false, idempotentHint: true }],
  ['GET', PUBLIC, { readOnlyHint: true, destructiveHint: false, idempotentHint: true }],
  ['POST', PUBLIC, { readOnlyHint: false, destructiveHint: false, idempotentHint: false }],
  ['POST', scope('write:bookings'), { readOnlyHint: false, destructiveHint: false, idempotentHint: false }],
  ['PATCH', scope('write:businesses'), { readOnlyHint: false, destructiveHint: true, idempotentHint: false }],
  ['PUT', scope('write:businesses'), { readOnlyHint: false, destructiveHint: true, idempotentHint: true }],
  ['DELETE', scope('write:businesses'), { readOnlyHint: false, destructiveHint: true, idempotentHint: true }],
] as const)('%s with %o is %o', (method, access, expected) => {
  expect(toolAnnotations(declared(method, access))).toEqual({ title: 'A note tool', openWorldHint: false, ...expected });
});

it('refuses an MCP tool without an HTTP binding: nothing would say what it changes', () => {
  const { http: _http, ...unbound } = declared('GET', PUBLIC);
  expect(() => toolAnnotations(unbound as Operation)).toThrow('needs its HTTP binding');
});
