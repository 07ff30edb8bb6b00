// What the dashboard shows, in one object; views read it and the controls change it.
const state = {
  environment: 'live',
  businesses: [],
  businessId: null,
  period: null, // { startDate, endDate }
};

export function current() {
  return state;
}

export function update(patch) {
  Object.assign(state, patch);
}

/** The part every view's query needs, or null while something is not chosen yet. */
export function selection() {
  if (!state.businessId || !state.period) return null;
  return { environment: state.environment, businessId: state.businessId, ...state.period };
}
