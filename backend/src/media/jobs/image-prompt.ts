import { missingInput } from '../media-job-error';
import { MaterialMediaText } from '../material-media.port';
import { text } from './media-job';

/** The image model's prompt: the card's image description, else its sentence's translation. */
export function imagePromptOf(material: MaterialMediaText, action: string): string {
  const subject = text(material.image_description) ?? (text(material.sentence_meaning) ? `A scene showing: ${text(material.sentence_meaning)}` : undefined);
  if (!subject) throw missingInput(`This material has no image description or sentence translation yet, so ${action} has nothing to draw. Run fetch_image_description first.`);
  const situation = text(material.image_situation) ? ` Setting: ${text(material.image_situation)}.` : '';
  return `${subject}${situation} Simple, friendly illustration for a language-learning flashcard. Do not draw any text, letters or captions.`;
}
