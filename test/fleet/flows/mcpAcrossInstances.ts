// MCP through the proxy with the SDK's own client: initialize reaches one instance, the session's
// tool calls reach the others, and every answer is attributed to the platform named in initialize.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { completeProfileBody } from '../../http/actors';
import { eventually, newAccount, recentDays } from '../../../scripts/fleet/fleetClient';
import type { FleetContext } from '../fleetContext';

export function mcpAcrossInstances(context: FleetContext): void {
  describe('MCP across instances', () => {
    it('initialize on one instance, tool calls on the others, one session', async () => {
      const { fleet, call } = context;
      const owner = await newAccount(call, 'fleet-mcp');
      const created = await call('POST', '/v1/business/profile', { auth: owner.key, body: completeProfileBody({ name: 'Meridian Ramen', description: 'Tonkotsu and miso ramen with house-made noodles near the Austin convention center.' }) });
      const id = created.body.data.id as string;
      expect((await call('PATCH', `/v1/business/profile/${id}`, { auth: owner.key, body: { status: 'published' } })).status).toBe(200);

      const served: Array<{ method: string; by: string }> = [];
      const recording: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const method = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }).method ?? '-' : `${init?.method ?? 'GET'}`;
        served.push({ method, by: response.headers.get('x-served-by') ?? '' });
        return response;
      };
      const transport = new StreamableHTTPClientTransport(new URL(`${fleet.url}/v1/mcp`), { fetch: recording, requestInit: { headers: { Authorization: `Bearer ${owner.key}` } } });
      const client = new Client({ name: 'ChatGPT', version: '1.0.0' });
      await client.connect(transport);
      try {
        const search = { name: 'search_businesses', arguments: { query: 'tonkotsu ramen', location: { lat: 30.2672, lon: -97.7431 }, radius: '10km' } };
        const found = await eventually('the ramen shop through MCP search', async () => {
          const result = await client.callTool(search);
          expect(result.isError).toBeFalsy();
          const names = (result.structuredContent as { businesses: Array<{ name: string }> }).businesses.map((business) => business.name);
          return names.includes('Meridian Ramen') ? names : undefined;
        });
        expect(found).toContain('Meridian Ramen');
        for (let i = 0; i < 3; i++) expect((await client.callTool({ name: 'get_business', arguments: { businessId: id } })).isError).toBeFalsy();
      } finally {
        await client.close();
      }
      const initializedOn = served.find((one) => one.method === 'initialize')?.by;
      const toolCallsOn = new Set(served.filter((one) => one.method === 'tools/call').map((one) => one.by));
      expect(initializedOn).toMatch(/^api-[123]$/);
      expect(toolCallsOn).toEqual(new Set(['api-1', 'api-2', 'api-3']));

      // One search that showed it and three reads: four impressions, each recorded once (by the
      // instance that answered), under the platform the client named in initialize.
      const { startDate, endDate } = recentDays();
      const metricsNow = async () => (await call('GET', `/v1/analytics/upstream-metrics?businessId=${id}&startDate=${startDate}&endDate=${endDate}`, { auth: owner.key })).body;
      await eventually('the MCP answers in the business\'s analytics', async () => ((await metricsNow()).metrics.impressions >= 4 ? true : undefined));
      // Later flushes (each instance buffers for 250 ms) would show a double count here.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const metrics = await metricsNow();
      expect(metrics.metrics.impressions).toBe(4);
      expect(metrics.platforms).toEqual([expect.objectContaining({ name: 'chatgpt', impressions: 4 })]);
    }, 90_000);
  });
}
