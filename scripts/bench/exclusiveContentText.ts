// AI-exclusive content for the synthetic businesses: concrete, specific sentences (names,
// times, numbers, places) like a real owner would write, so the exclusive-content visibility
// score and the text index see realistic input rather than filler.
import type { ExclusiveContent } from '../../src/domain/profile';
import { EXCLUSIVE_FIELDS } from '../../src/domain/exclusiveContentScores';
import type { SeededRandom } from './seededRandom';
import { fillTemplate, type TemplateValues } from './templateText';

const TEMPLATES: Record<(typeof EXCLUSIVE_FIELDS)[number], string[]> = {
  insiderTips: [
    'Ask {staff} about the off-menu {specialty} on {day}s; there are only about {n} a day and they are gone by {time}.',
    'Book the {time} slot on a {day}: it is the quietest hour of the week and {staff} has time to walk you through the options.',
    'Regulars ask for the {specialty} special and a loyalty stamp; the tenth visit is on the house.',
  ],
  localSecrets: [
    'Free parking behind the building on {street} after 6pm, a two-minute walk from our door.',
    'The {neighborhood} farmers market is {n} blocks away on Saturday mornings, and we buy our herbs from the stall by the fountain.',
    'The bench by the {street} mural gets the evening sun; locals take their order there instead of waiting inside.',
  ],
  behindTheScenes: [
    '{staff} starts at {time} every morning and preps everything by hand before the doors open.',
    'Our team of {n} trains together every Tuesday, and {staff} has been with us since {year}.',
    'Every {specialty} order is checked twice: once by the person who made it and once by {staff} at the counter.',
  ],
  sustainabilityPractices: [
    'We compost about {n} pounds of waste a week with {supplier} and switched to recycled packaging in {year}.',
    'Solar panels on the roof cover roughly {n}% of our energy, and local deliveries go out in an electric van.',
    'We buy from {supplier}, less than {n} miles away, and donate leftovers every {day} to the {neighborhood} food bank.',
  ],
};

const SUPPLIERS = ['Green Acres Farm', 'Hill Country Growers', 'Blue Ridge Co-op', 'Riverbend Compost', 'Prairie Sun Farms', 'Coastal Roots'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TIMES = ['6:30am', '7am', '8am', '10am', 'noon', '2pm', '4pm'];

export function exclusiveContentFor(
  random: SeededRandom,
  values: { staff: string; specialty: string; street: string; neighborhood: string; year: number },
): ExclusiveContent {
  // About a third of owners write exclusive content; most of those fill two to four fields.
  const roll = random.next();
  if (roll >= 0.35) return {};
  const fieldCount = roll < 0.05 ? 1 : random.int(2, 4);
  const content: ExclusiveContent = {};
  for (const field of random.sample(EXCLUSIVE_FIELDS, fieldCount)) {
    const filled: TemplateValues = {
      ...values,
      day: random.pick(DAYS),
      time: random.pick(TIMES),
      n: random.int(3, 60),
      supplier: random.pick(SUPPLIERS),
    };
    content[field] = fillTemplate(random.pick(TEMPLATES[field]), filled);
  }
  return content;
}
