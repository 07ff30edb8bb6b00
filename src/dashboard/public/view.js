// A view = a panel + how it fetches + how it draws. Only the newest load may draw: a slow answer
// for a period the user already left is dropped.
import { createPanel, selectControl } from './panel.js';

export function createView({ id, title, description, half, fetch, render }) {
  const panel = createPanel({ id, title, description, half });
  let generation = 0;
  let last = null;
  async function load(selection = last) {
    last = selection;
    if (!selection) return;
    const mine = ++generation;
    panel.loading();
    try {
      const data = await fetch(selection);
      if (mine === generation) render(panel, data, selection);
    } catch (error) {
      if (mine === generation) panel.error(error, () => load());
    }
  }
  return { element: panel.element, panel, load, reload: () => load() };
}

/** A select bound to options[key]: a change stores the value and reloads the view. */
export function optionSelect(view, options, key, { id, label, choices }) {
  return selectControl({
    id,
    label,
    options: choices,
    value: options[key],
    onChange: (value) => {
      options[key] = value;
      view.reload();
    },
  });
}
