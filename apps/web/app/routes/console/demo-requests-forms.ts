/** The forms of the demo requests' pages, as their action tells them apart. */
export const MOVE_FORM = 'move';
export const NOTE_FORM = 'note';
