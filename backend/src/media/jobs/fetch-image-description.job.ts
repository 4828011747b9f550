import { sentenceNoteJob } from './sentence-note';

/** What a picture for the card should show: the prompt fetch_image sends to the image model. */
export const fetchImageDescriptionJob = sentenceNoteJob('fetch_image_description', 'image_description', [
  'Describe in English, in two or three sentences, one simple picture that shows the situation of the sentence',
  'so that a learner recognises the word: the scene, the people or things, what they do. No text or letters in the picture.',
]);
