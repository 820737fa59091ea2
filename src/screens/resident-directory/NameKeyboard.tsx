import type { ReactNode } from 'react';
import { SEARCH_LETTERS } from '../../features/directory/nameSearch';

interface Props {
  /** The letters that still match someone; the others' keys are disabled. */
  letters: ReadonlySet<string>;
  canErase: boolean;
  label: string;
  eraseLabel: string;
  onLetter: (letter: string) => void;
  onErase: () => void;
}

/**
 * A disabled key keeps its place and its focus (aria-disabled, not disabled,
 * which would drop the focus of a key that a letter just turned off) but is
 * left out of Tab and does nothing when tapped.
 */
function Key({ enabled, label, onPress, children }: { enabled: boolean; label?: string; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="name-key"
      aria-label={label}
      aria-disabled={enabled ? undefined : true}
      tabIndex={enabled ? undefined : -1}
      onClick={enabled ? onPress : undefined}
    >
      {children}
    </button>
  );
}

/** TOUCH's on-screen keyboard for a name: A-Z in alphabetical order, as on the letter bar, and a key that deletes the last letter. */
export function NameKeyboard({ letters, canErase, label, eraseLabel, onLetter, onErase }: Props) {
  return (
    <div className="name-keyboard" role="group" aria-label={label}>
      {SEARCH_LETTERS.map((letter) => (
        <Key key={letter} enabled={letters.has(letter)} onPress={() => onLetter(letter)}>
          {letter.toUpperCase()}
        </Key>
      ))}
      <Key enabled={canErase} label={eraseLabel} onPress={onErase}>
        ⌫
      </Key>
    </div>
  );
}
