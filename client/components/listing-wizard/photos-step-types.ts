/** What the wizard's photos step exchanges between its server part and its component. */
/** What the photos step renders. */
export interface PhotosStepData {
  photos: { id: number; url: string; width: number; height: number; rotation: number }[];
}

/** The result of a photo form post that re-renders the step (a redirect is thrown instead on success). */
export interface PhotosActionResult {
  /** A localized message id to show above the photos. */
  error?: string;
}
