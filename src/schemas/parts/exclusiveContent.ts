// AI-exclusive content (spec 2.6): four free texts, 2000 characters each (a few paragraphs).
import { text } from './text';

export const EXCLUSIVE_CONTENT_FIELDS = ['insiderTips', 'localSecrets', 'behindTheScenes', 'sustainabilityPractices'] as const;

export const exclusiveTextSchema = text(2000, 0, 'multi');
