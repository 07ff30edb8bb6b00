// What an assistant can do here, as an A2A agent card names it (skills) and the MCP Registry's
// server.json describes it. Each MCP tool's declaration says which skill it serves
// (src/operations, `mcp.skill`); the card lists a skill with its tools and the scopes they need.
export const AGENT_SKILLS = {
  'find-businesses': {
    name: 'Find businesses',
    description: 'Finds local businesses for a request in the user\'s own words and reads a business\'s profile: services and prices, hours, contact.',
    tags: ['search', 'local businesses', 'directory'],
    examples: ['vegan brunch open on Sunday in Austin', 'an emergency plumber near me', 'a family dentist that takes walk-ins'],
  },
  'check-opening': {
    name: 'Check opening',
    description: 'Says whether a business is open now or at a local date and time, from its weekly hours and closed days.',
    tags: ['opening hours', 'open now'],
    examples: ['Is Green Leaf Kitchen open now?', 'Will the bakery be open at 7am on Saturday?'],
  },
  book: {
    name: 'Book',
    description: 'Lists the free start times of a bookable service and books one for the user (pending until the business confirms).',
    tags: ['booking', 'reservation', 'appointment'],
    examples: ['Book a table for Friday at 7pm', 'Find me a haircut slot tomorrow afternoon'],
  },
} as const;

export type AgentSkillId = keyof typeof AGENT_SKILLS;
export const AGENT_SKILL_IDS = Object.keys(AGENT_SKILLS) as AgentSkillId[];
