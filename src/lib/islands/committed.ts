/**
 * The event an island's component dispatches on `document` from a layout effect, inside React's
 * commit of its first render: every ref callback beneath it has run, so a form library has
 * registered its fields, and written its defaults into them (react-hook-form does so for a
 * radio group). adopt.ts hears it and hands the visitor's changes over there and then, in the
 * same task: no later task, and so no paint, sees the fields other than as the visitor left
 * them. Shared by the directives (which import nothing else) and the hook that sends it.
 */
export const ISLAND_COMMITTED = 'island:committed';
