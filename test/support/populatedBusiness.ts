// A published business with every part of a profile filled in, built through the public API of a
// listening server: services of every pricing kind (fixed and bookable, range, hourly,
// quote only), hours with a closed day and one past midnight, blackout dates, all four exclusive
// content fields (so exclusive scores too), a logo and a photo, and reviews with an owner's reply.
// Tools and documents that present a profile are checked against it, so no optional part is left
// out of what a client's schema validation sees.

// A real 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface PopulatedBusiness {
  id: string;
  /** The fixed-price, bookable service. */
  bookableServiceId: string;
}

/**
 * `baseUrl` ends in /v1; `owner` and each reviewer are bearer credentials of different accounts;
 * `blackoutDates` must be within two years of the server's today (past ones are dropped).
 */
export async function populatedBusiness(baseUrl: string, owner: string, reviewers: string[], blackoutDates: string[]): Promise<PopulatedBusiness> {
  async function call(method: string, path: string, token: string, body?: unknown): Promise<any> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  }

  const created = await call('POST', '/business/profile', owner, {
    name: 'Harbor Noodle Bar',
    category: 'restaurants',
    description: 'Hand-pulled noodles and dumplings near the harbor, open late on Fridays, with a noodle-making class on weekends.',
    tagline: 'Noodles by the water',
    location: { address: { street: '1 Pier Rd', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }, coordinates: { lat: 30.26, lon: -97.74 } },
    contact: { phone: '+15125550199', email: 'hi@harbor.example', website: 'https://harbor.example' },
    hours: { monday: { open: '11:00', close: '22:00' }, tuesday: { open: '11:00', close: '22:00' }, friday: { open: '18:00', close: '02:00' }, sunday: { closed: true } },
    services: [
      { name: 'Noodle-making class', description: 'Two hours at the counter with the chef', category: 'classes', pricing: { type: 'fixed', currency: 'USD', amount: 65 }, duration: 120, capacity: 6, bookable: true },
      { name: 'Private dinner', pricing: { type: 'range', currency: 'USD', minAmount: 400, maxAmount: 1200 } },
      { name: 'Chef for hire', pricing: { type: 'hourly', currency: 'USD', amount: 90.5 } },
      { name: 'Wedding catering', description: 'Menus for 50 to 300 guests', requiresQuote: true },
    ],
  });
  const id = created.id as string;
  await call('PATCH', `/business/profile/${id}/exclusive-content`, owner, {
    insiderTips: 'Ask for the off-menu chili oil; the window seats see the boats come in.',
    localSecrets: 'The alley behind Pier Rd has free parking after 6pm.',
    behindTheScenes: 'Noodles are pulled to order by two chefs trained in Lanzhou.',
    sustainabilityPractices: 'Flour from a Texas mill 80 km away; broth bones come from the butcher next door.',
  });
  await call('POST', `/business/profile/${id}/blackout-dates`, owner, { dates: blackoutDates });
  for (const type of ['logo', 'photo']) {
    const form = new FormData();
    form.set('type', type);
    form.set('businessId', id);
    form.set('file', new Blob([PNG], { type: 'image/png' }), `${type}.png`);
    const uploaded = await fetch(`${baseUrl}/business/profile/media`, { method: 'POST', headers: { Authorization: `Bearer ${owner}` }, body: form });
    if (uploaded.status !== 201) throw new Error(`media upload: ${uploaded.status} ${await uploaded.text()}`);
  }
  await call('PATCH', `/business/profile/${id}`, owner, { status: 'published' });
  const ratings = [5, 3, 4];
  for (const [index, reviewer] of reviewers.entries()) {
    const review = await call('POST', `/business/profile/${id}/reviews`, reviewer, { rating: ratings[index % ratings.length], text: 'Great noodles, long wait on Fridays.', visitDate: '2026-03-01' });
    if (index === 0) await call('PUT', `/business/profile/${id}/reviews/${review.id}/reply`, owner, { text: 'Thank you! Fridays are busy: book the counter.' });
  }
  const profile = await call('GET', `/business/profile/${id}`, owner);
  return { id, bookableServiceId: profile.services.find((service: { bookable: boolean }) => service.bookable).id };
}
