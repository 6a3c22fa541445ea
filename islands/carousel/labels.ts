// Shared by the carousel's server markup and its script.
export const CHEVRON_ICON = 'M9.3 5.3 7.9 6.7l5.3 5.3-5.3 5.3 1.4 1.4 6.7-6.7z';
export const PAUSE_ICON = 'M7 5h3.5v14H7zm6.5 0H17v14h-3.5z';
export const PLAY_ICON = 'M8 5v14l11-7z';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** 'Diapositiva {{n}}', 2, 3 -> 'Diapositiva 2' */
export function slideName(label: string, index: number, count: number): string {
  return /\{\{\s*\w+\s*\}\}/.test(label)
    ? label.replace(PLACEHOLDER, (_, k: string) => String(k === 'count' || k === 'total' ? count : index))
    : `${label} ${index}`;
}

/** 'Diapositiva {{n}}' -> 'Diapositiva' (the slides' role description). */
export const slideWord = (label: string) => label.replace(PLACEHOLDER, '').replace(/\s+/g, ' ').trim();
