// Apart from picture.ts so the browse page's script gets these few strings without zod.

/** `sizes` of each place a photo appears. */
export const PICTURE_SIZES = {
  /** product page, main picture: full width on phones, about half from 56rem */
  main: '(min-width: 56rem) 34rem, 100vw',
  /** product page thumbnails */
  thumb: '5rem',
  /** browse and home cards: 2 to 4 columns */
  card: '(min-width: 64rem) 16rem, (min-width: 40rem) 33vw, 50vw',
} as const;
