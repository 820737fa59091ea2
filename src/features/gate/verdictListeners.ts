import type { AppStartListening } from '../../store/listenerMiddleware';
import { english } from '../../strings/catalogue';
import { enteredCodeRefused } from '../code-lock/codeLockSlice';
import { notificationPushed } from '../notifications/notificationsSlice';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';
import { codeJudged } from './gateActions';
import { accessRequestOf, AFTER_TONE_MS, followShownOpening, grantedNotice } from './gateOpening';
import { cardReadNoted, selectCardFlood } from './gateSlice';

const SORRY_CODE = english('notice.codeRefused');

/**
 * Each code as judged (codeJudged): a card read is noted (floods), then,
 * unless entry was locked, the visitor is told, the access request queued,
 * and a refused typed or scanned code counted for the code lock. A granted
 * code's opening is followed where the hardware service holds it.
 *
 * The code's own frame shows what the visitor did (the fifth digit's slot);
 * the notification is pushed in the task after it (`afterPaint`), and the
 * rest in the task after the notification's frame, read as the code came
 * (the request's time, the lock's clock). A reload and the next code run
 * both first (`afterPaint.flush`), so neither a record nor a guess is lost.
 */
export function listenForVerdicts(startListening: AppStartListening): void {
  startListening({
    actionCreator: codeJudged,
    effect: ({ payload: { code, from, verdict } }, listener) => {
      const { dispatch, getState, extra } = listener;
      const fromReader = from === 'reader';
      if (fromReader) dispatch(cardReadNoted(extra.clock().mono));
      if (verdict === 'locked') return;
      const state = getState();
      const request = accessRequestOf(state, code, verdict === 'granted');
      const queue = () => void (request && dispatch(request));
      const afterNotice = (shown: () => void, rest: () => void) =>
        extra.afterPaint.run(() => {
          shown();
          extra.afterPaint.run(rest);
        });
      if (verdict === 'granted') {
        const opening = extra.hardware.opening(code);
        if (!opening) throw new Error(`${code} was granted without an opening: is the gate signal middleware in the store?`);
        const shown = grantedNotice();
        afterNotice(
          () => dispatch(shown),
          () => {
            queue();
            void followShownOpening(listener, opening, shown);
          },
        );
        return;
      }
      const reading = extra.clock();
      // During a flood a refused read is only recorded; otherwise its refusal joins the one already showing (notificationPushed).
      const told = !(fromReader && selectCardFlood(state));
      afterNotice(
        () => void (told && dispatch(notificationPushed({ status: 'ERROR', title: SORRY_CODE }))),
        () => {
          queue();
          // Card reads are not counted: the reader is the panel's own, and a guess needs a card.
          // A granted code clears nothing: "a few guesses, then my own code" must not reset the budgets.
          if (!fromReader) dispatch(enteredCodeRefused({ reading, settings: extra.settings.codeLock }));
          if (!told) return;
          extra.sound.play(fromReader ? 'error' : 'sorryCode');
          // sorryCode says it in words already; the card reader's tone does not.
          if (fromReader) extra.speech.say(prompts.refused(selectModel(state)), { delayMs: AFTER_TONE_MS });
        },
      );
    },
  });
}
