/**
 * The classes of the screens the visitor sees, in order: not home kept hidden
 * under another screen, nor a screen drawn ahead or being left (transparent).
 */
export const shownScreens = (): string[] =>
  [...document.querySelectorAll('main')]
    .filter((main) => !main.closest('.screen-covered, .screen-ahead, .screen-leaving, .code-entry-ahead'))
    .map((main) => main.className);
