import { startReplayServer } from '../../../scripts/bench/replayServer';

it.each(['node', 'koa'] as const)('%s: answers each recorded request with its exact bytes, and anything else with 404', async (framework) => {
  const replay = await startReplayServer([
    { method: 'GET', path: '/v1/api/v1/directory?city=Austin', contentType: 'application/json; charset=utf-8', response: '{"success":true,"data":{"é":1}}' },
    { method: 'POST', path: '/v1/api/v1/consumer/search', body: '{"query":"tacos"}', contentType: 'application/json', response: '{"tacos":true}' },
    { method: 'POST', path: '/v1/api/v1/consumer/search', body: '{"query":"sushi"}', contentType: 'application/json', response: '{"sushi":true}' },
  ], framework);
  try {
    const directory = await fetch(`${replay.baseUrl}/v1/api/v1/directory?city=Austin`);
    expect(directory.status).toBe(200);
    expect(directory.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await directory.text()).toBe('{"success":true,"data":{"é":1}}');
    const post = (body: string) => fetch(`${replay.baseUrl}/v1/api/v1/consumer/search`, { method: 'POST', body });
    expect(await (await post('{"query":"sushi"}')).text()).toBe('{"sushi":true}');
    expect(await (await post('{"query":"tacos"}')).text()).toBe('{"tacos":true}');
    expect((await post('{"query":"ramen"}')).status).toBe(404);
    expect((await fetch(`${replay.baseUrl}/v1/api/v1/directory`)).status).toBe(404);
  } finally {
    await replay.stop();
  }
  await expect(fetch(`${replay.baseUrl}/v1/api/v1/directory?city=Austin`)).rejects.toThrow();
});
