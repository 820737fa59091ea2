import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { directoryHint, type HomeLinks } from '../../features/home-links/homeLinks';
import type { ButtonLabels } from '../../features/session/models';
import { useStrings } from '../../features/session/useStrings';
import type { Language } from '../../strings/catalogue';
import { guidanceStrings } from '../../strings/guidanceStrings';
import './Guidance.css';

interface Props {
  links: HomeLinks;
  /** The model's button labels; null on TOUCH. */
  labels: ButtonLabels | null;
  language: Language;
  /** Home's own title: the visitor still sees where they are. */
  title: string;
  /** What home keeps in sight under the steps: the code lock's countdown while codes are locked. */
  notice?: ReactNode;
}

/** How to use the panel, with the model's own button labels; shown on home after a while without input. */
export function Guidance({ links, labels, language, title, notice }: Props) {
  const t = guidanceStrings(language);
  const name = useStrings()('app.name');
  const steps = labels
    ? [
        links.enterCode && { hint: '0-9', text: t('guidance.code') },
        links.scanQr && { hint: labels.go, text: t('guidance.qr', { go: labels.go }) },
        links.directory && {
          hint: directoryHint(labels, links),
          text: links.delivery ? t('guidance.directoryUp', { up: labels.up }) : t('guidance.directory', { up: labels.up, down: labels.down }),
        },
        links.callManager && { hint: labels.back, text: t('guidance.manager', { back: labels.back }) },
        links.delivery && { hint: labels.down, text: t('guidance.delivery', { down: labels.down }) },
      ]
    : [
        links.enterCode && { hint: null, text: t('guidance.touchCode') },
        links.scanQr && { hint: null, text: t('guidance.touchQr') },
        links.directory && { hint: null, text: t('guidance.touchDirectory') },
        links.callManager && { hint: null, text: t('guidance.touchManager') },
        links.delivery && { hint: null, text: t('guidance.touchDelivery') },
      ];
  return (
    <main className="screen home guidance">
      <header className="screen-header home-header">
        <Logo name={name} />
        <h1>{title}</h1>
      </header>
      <h2 className="guidance-title">{t('guidance.title')}</h2>
      <ol className="guidance-steps">
        {steps.map(
          (step) =>
            step && (
              <li key={step.text} className="guidance-step">
                {step.hint ? <kbd className="button-hint">{step.hint}</kbd> : null}
                <span>{step.text}</span>
              </li>
            ),
        )}
      </ol>
      {notice}
      <footer className="screen-footer guidance-leave">{t(labels ? 'guidance.leave' : 'guidance.touchLeave')}</footer>
    </main>
  );
}
